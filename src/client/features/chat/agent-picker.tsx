// CHAT-05..08: the picker of an empty chat, grouped Active Agents / Development, and the chosen agent
// shown large with its conversation starters.
import type { Agent } from "@/shared/agents/schema";
import { AgentLogo } from "@/client/components/agents/agent-logo";
import { AgentStageBadge } from "@/client/components/agents/agent-stage-badge";
import { Button } from "@/client/components/ui/button";
import { cn } from "@/client/lib/utils";
import { chatAgentGroups, conversationStarters } from "./agent-choice";

export function AgentPicker({
  agents,
  selectedId,
  onSelect,
}: {
  agents: Agent[];
  selectedId: number | undefined;
  onSelect: (agent: Agent) => void;
}) {
  const { active, development } = chatAgentGroups(agents);
  const group = (title: string, list: Agent[]) =>
    list.length > 0 && (
      <section aria-label={title} className="flex flex-col gap-1.5">
        <h3 className="px-1 text-xs font-medium tracking-wide text-muted-foreground uppercase">{title}</h3>
        {list.map((a) => (
          <button
            key={a.id}
            type="button"
            aria-pressed={a.id === selectedId}
            onClick={() => onSelect(a)}
            className={cn(
              "flex w-full items-center gap-3 rounded-lg border p-2.5 text-left transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
              a.id === selectedId && "border-primary bg-accent",
            )}
          >
            <AgentLogo url={a.logoUrl} className="size-8" />
            <span className="min-w-0 flex-1">
              <span className="flex items-center gap-2">
                <span className="truncate text-sm font-medium">{a.name}</span>
                <AgentStageBadge stage={a.stage} />
              </span>
              {a.description && <span className="line-clamp-1 text-xs text-muted-foreground">{a.description}</span>}
            </span>
          </button>
        ))}
      </section>
    );
  return (
    <div className="flex w-full flex-col gap-3 rounded-xl border bg-card p-4">
      <h2 className="text-sm font-semibold">Choose Your AI Agent</h2>
      <div className="flex max-h-72 flex-col gap-4 overflow-y-auto">
        {group("Active Agents", active)}
        {group("Development", development)}
      </div>
    </div>
  );
}

export function SelectedAgent({
  agent,
  onStarter,
  disabled,
}: {
  agent: Agent;
  onStarter: (text: string) => void;
  disabled: boolean;
}) {
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <AgentLogo url={agent.logoUrl} className="size-16 rounded-2xl" />
      <h2 className="text-xl font-semibold">{agent.name}</h2>
      {agent.description && <p className="max-w-lg text-sm text-muted-foreground">{agent.description}</p>}
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        {conversationStarters(agent).map((s) => (
          <Button
            key={s}
            variant="outline"
            size="sm"
            className="h-auto py-1.5 whitespace-normal"
            disabled={disabled}
            onClick={() => onStarter(s)}
          >
            {s}
          </Button>
        ))}
      </div>
    </div>
  );
}
