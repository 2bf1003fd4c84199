// Step 3 (ONB-16..24): the first agent. No validation; the defaults make a working agent as they are.
import { Checkbox } from "@/client/components/ui/checkbox";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";
import { ONBOARDING_MAX_TOOLS, onboardingTools, type OnboardingState } from "./onboarding-rules";

type AgentFields = Pick<OnboardingState, "agentName" | "agentDescription" | "agentInstructions" | "selectedTools">;

export function AgentStep({
  values,
  disabled,
  onChange,
  onToggleTool,
}: {
  values: AgentFields;
  disabled: boolean;
  onChange: (field: "agentName" | "agentDescription" | "agentInstructions", value: string) => void;
  onToggleTool: (name: string) => void;
}) {
  const full = values.selectedTools.length >= ONBOARDING_MAX_TOOLS;
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold tracking-tight">Create Your First Agent</h2>
        <p className="text-sm text-muted-foreground">You can change all of this later in the Control Hub.</p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="onboarding-agent-name">Name</Label>
        <Input
          id="onboarding-agent-name"
          value={values.agentName}
          disabled={disabled}
          onChange={(e) => onChange("agentName", e.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="onboarding-agent-description">Description</Label>
        <Input
          id="onboarding-agent-description"
          value={values.agentDescription}
          disabled={disabled}
          onChange={(e) => onChange("agentDescription", e.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="onboarding-agent-instructions">Instructions</Label>
        <Textarea
          id="onboarding-agent-instructions"
          rows={4}
          value={values.agentInstructions}
          disabled={disabled}
          onChange={(e) => onChange("agentInstructions", e.target.value)}
        />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">
          Tools <span className="font-normal text-muted-foreground">(up to {ONBOARDING_MAX_TOOLS})</span>
        </legend>
        {onboardingTools().map((tool) => {
          const checked = values.selectedTools.includes(tool.name);
          const id = `onboarding-tool-${tool.name}`;
          return (
            <div key={tool.name} className="flex items-start gap-3 rounded-md border p-3">
              <Checkbox
                id={id}
                checked={checked}
                disabled={disabled || (!checked && full)}
                onCheckedChange={() => onToggleTool(tool.name)}
              />
              <div className="grid gap-1">
                <Label htmlFor={id}>{tool.displayName}</Label>
                <p className="text-xs text-muted-foreground">{tool.description}</p>
              </div>
            </div>
          );
        })}
      </fieldset>
    </div>
  );
}
