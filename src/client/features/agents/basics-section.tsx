// Name, description, logo and stage (AGENT-23, AGENT-29, AGENT-33, AGENT-36).
import type { ReactNode } from "react";
import { Input } from "@/client/components/ui/input";
import { NativeSelect, NativeSelectOption } from "@/client/components/ui/native-select";
import { Switch } from "@/client/components/ui/switch";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";
import type { AgentStage } from "@/shared/agents/schema";
import { AgentLogo } from "@/client/components/agents/agent-logo";
import { FormField, fieldA11y } from "@/client/components/form-field";
import { FormSection } from "./form-section";
import type { AgentFormState } from "./use-agent-form";

export function BasicsSection({ form, children }: { form: AgentFormState; children?: ReactNode }) {
  const { values, errors, setField } = form;
  return (
    <FormSection title="Basics" description="How the agent is named and presented to your organization.">
      <FormField id="agent-name" label="Name" error={errors.name}>
        <Input
          {...fieldA11y("agent-name", { error: errors.name })}
          value={values.name}
          onChange={(e) => setField("name", e.target.value)}
        />
      </FormField>
      <FormField id="agent-description" label="Description">
        <Textarea
          id="agent-description"
          rows={2}
          placeholder="What this agent is good at"
          value={values.description}
          onChange={(e) => setField("description", e.target.value)}
        />
      </FormField>
      <FormField
        id="agent-logo-url"
        label="Logo URL"
        hint="An image URL; leave empty for the default icon."
        error={errors.logoUrl}
      >
        <div className="flex items-center gap-3">
          <AgentLogo url={errors.logoUrl ? "" : values.logoUrl.trim()} />
          <Input
            {...fieldA11y("agent-logo-url", { hint: true, error: errors.logoUrl })}
            type="url"
            placeholder="https://example.com/logo.png"
            value={values.logoUrl}
            onChange={(e) => setField("logoUrl", e.target.value)}
          />
        </div>
      </FormField>
      {children}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="agent-stage" label="Stage" hint="Released agents are listed as Active.">
          <NativeSelect
            {...fieldA11y("agent-stage", { hint: true })}
            value={values.stage}
            onChange={(e) => setField("stage", e.target.value as AgentStage)}
          >
            <NativeSelectOption value="development">Development</NativeSelectOption>
            <NativeSelectOption value="released">Released</NativeSelectOption>
          </NativeSelect>
        </FormField>
        <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
          <div className="grid gap-1">
            <Label htmlFor="agent-show-in-chat">Show in chat</Label>
            <p id="agent-show-in-chat-hint" className="text-xs text-muted-foreground">
              List this agent in the chat's agent picker.
            </p>
          </div>
          <Switch
            id="agent-show-in-chat"
            aria-describedby="agent-show-in-chat-hint"
            checked={values.showInChat}
            onCheckedChange={(on) => setField("showInChat", on)}
          />
        </div>
      </div>
    </FormSection>
  );
}
