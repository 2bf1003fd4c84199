// The task form's Agent select (TASK-14): the organisation's agents (the list holds no deleted ones),
// each with its logo, name and stage badge.
import type { Agent } from "@/shared/agents/schema";
import { AgentLogo } from "@/client/components/agents/agent-logo";
import { AgentStageBadge } from "@/client/components/agents/agent-stage-badge";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import type { FieldA11y } from "@/client/components/form-field";

export function AgentSelect({
  agents,
  value,
  onChange,
  a11y,
}: {
  agents: Agent[] | undefined;
  value: string;
  onChange: (value: string) => void;
  a11y: FieldA11y;
}) {
  const placeholder = !agents ? "Loading agents..." : agents.length ? "Select an agent" : "No agents available";
  const known = agents?.some((a) => String(a.id) === value);
  return (
    <Select value={known ? value : ""} onValueChange={onChange} disabled={!agents?.length}>
      <SelectTrigger {...a11y}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {agents
          ?.filter((a) => !a.deletedAt)
          .map((agent) => (
            <SelectItem key={agent.id} value={String(agent.id)} textValue={agent.name}>
              <span className="flex min-w-0 items-center gap-2">
                <AgentLogo url={agent.logoUrl} className="size-5 rounded" />
                <span className="truncate">{agent.name}</span>
              </span>
              <AgentStageBadge stage={agent.stage} />
            </SelectItem>
          ))}
      </SelectContent>
    </Select>
  );
}
