// CHAT-15: the active conversation's agent; hovering shows its card. It stays in view below the app's
// sticky header (h-14) as a long chat scrolls (issue 17 #15).
import type { Agent } from "@/shared/agents/schema";
import { AgentLogo } from "@/client/components/agents/agent-logo";
import { AgentStageBadge } from "@/client/components/agents/agent-stage-badge";
import { HoverCard, HoverCardContent, HoverCardTrigger } from "@/client/components/ui/hover-card";

export function ChatHeader({ agent }: { agent: Agent | undefined }) {
  if (!agent) return null;
  return (
    <div className="sticky top-14 z-10 flex items-center border-b bg-background/95 px-4 py-2 backdrop-blur">
      <HoverCard openDelay={100}>
        <HoverCardTrigger asChild>
          <button
            type="button"
            className="flex items-center gap-2 rounded-md px-1 py-0.5 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <AgentLogo url={agent.logoUrl} className="size-7" />
            <span className="text-sm font-medium">{agent.name}</span>
          </button>
        </HoverCardTrigger>
        <HoverCardContent>
          <div className="flex gap-3">
            <AgentLogo url={agent.logoUrl} />
            <div className="min-w-0 space-y-1">
              <div className="flex items-center gap-2">
                <p className="truncate text-sm font-semibold">{agent.name}</p>
                <AgentStageBadge stage={agent.stage} />
              </div>
              {agent.description && <p className="text-xs text-muted-foreground">{agent.description}</p>}
              <p className="text-xs text-muted-foreground">
                Model: <span className="font-mono">{agent.model}</span>
              </p>
            </div>
          </div>
        </HoverCardContent>
      </HoverCard>
    </div>
  );
}
