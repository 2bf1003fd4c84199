// System prompt with its template variables, conversation starters, tool roundtrips (AGENT-24, AGENT-30, AGENT-35).
import { Input } from "@/client/components/ui/input";
import { Textarea } from "@/client/components/ui/textarea";
import { ConversationStartersField } from "./conversation-starters-field";
import { FormField, fieldA11y } from "@/client/components/form-field";
import { FormSection } from "./form-section";
import type { AgentFormState } from "./use-agent-form";

const TEMPLATE_VARIABLES = [
  ["{{current_date}}", "today's date (UTC)"],
  ["{{user.name}}", "the user's name"],
  ["{{user.email}}", "the user's email"],
  ["{{org.id}}", "the organization's id"],
  ["{{org.name}}", "the organization's name"],
] as const;

function TemplateVariablesHint() {
  return (
    <>
      You can use these template variables:{" "}
      {TEMPLATE_VARIABLES.map(([name, meaning], i) => (
        <span key={name}>
          <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.7rem] text-foreground">{name}</code> {meaning}
          {i < TEMPLATE_VARIABLES.length - 1 ? ", " : "."}
        </span>
      ))}
    </>
  );
}

export function InstructionsSection({ form }: { form: AgentFormState }) {
  const { values, errors, setField } = form;
  return (
    <FormSection title="Instructions" description="What the agent is told before every conversation.">
      <FormField id="agent-system-prompt" label="System Prompt" hint={<TemplateVariablesHint />}>
        <Textarea
          {...fieldA11y("agent-system-prompt", { hint: true })}
          rows={15}
          className="field-sizing-fixed font-mono text-sm"
          placeholder="You are a helpful assistant for {{org.name}}…"
          value={values.systemPrompt}
          onChange={(e) => setField("systemPrompt", e.target.value)}
        />
      </FormField>
      <ConversationStartersField
        value={values.conversationStarters}
        onChange={(list) => setField("conversationStarters", list)}
      />
      <FormField
        id="agent-max-tool-roundtrips"
        label="Max Tool Roundtrips"
        hint="How many rounds of tool calls the agent may make for one reply (1–100)."
        error={errors.maxToolRoundtrips}
      >
        <Input
          {...fieldA11y("agent-max-tool-roundtrips", { hint: true, error: errors.maxToolRoundtrips })}
          type="number"
          min={1}
          max={100}
          step={1}
          className="w-32"
          value={values.maxToolRoundtrips}
          onChange={(e) => setField("maxToolRoundtrips", e.target.value)}
        />
      </FormField>
    </FormSection>
  );
}
