// The agents call_agent may call (AGENT-02, AGENT-07, AGENT-26): every other agent, scrolling at 12rem.
import type { Agent } from "@/shared/agents/schema";
import { Checkbox } from "@/client/components/ui/checkbox";
import { Label } from "@/client/components/ui/label";
import { Skeleton } from "@/client/components/ui/skeleton";
import { AgentLogo } from "@/client/components/agents/agent-logo";
import { AgentStageBadge } from "@/client/components/agents/agent-stage-badge";
import { toggleId } from "./tool-settings";

export function CallableAgentsList({
  agents,
  selected,
  onChange,
}: {
  /** The other agents, or undefined while they load. */
  agents: Agent[] | undefined;
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  return (
    <div className="grid gap-2 pl-7">
      <p id="callable-agents-label" className="text-xs font-medium">
        Agents this agent may call{" "}
        {agents && agents.length > 0 && <span className="text-muted-foreground">({selected.length} selected)</span>}
      </p>
      <ul
        aria-labelledby="callable-agents-label"
        className="max-h-48 overflow-y-auto rounded-md border bg-background p-1"
      >
        {!agents ? (
          <li className="grid gap-1 p-1">
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
          </li>
        ) : agents.length === 0 ? (
          <li className="p-3 text-center text-xs text-muted-foreground">No other agents yet</li>
        ) : (
          agents.map((agent) => {
            const id = `callable-agent-${agent.id}`;
            return (
              <li key={agent.id} className="flex items-center gap-2 rounded-sm px-2 py-1.5 hover:bg-accent/50">
                <Checkbox
                  id={id}
                  checked={selected.includes(agent.id)}
                  onCheckedChange={(state) => onChange(toggleId(selected, agent.id, state === true))}
                />
                <AgentLogo url={agent.logoUrl} className="size-6 rounded-md" />
                <Label htmlFor={id} className="min-w-0 flex-1 truncate font-normal">
                  {agent.name}
                </Label>
                <AgentStageBadge stage={agent.stage} />
              </li>
            );
          })
        )}
      </ul>
    </div>
  );
}
