// One agent in the Agents list (AGENT-15..18).
import { Link } from "react-router";
import { BookOpen, Server, Users, Wrench } from "lucide-react";
import type { Agent } from "@/shared/agents/schema";
import { AgentLogo } from "@/client/components/agents/agent-logo";
import { AgentStageBadge } from "@/client/components/agents/agent-stage-badge";
import { agentToolCountLabel, capabilitySummary } from "./agent-summary";

/** In capabilitySummary's order: callable agents, knowledge bases, MCP servers. */
const CAPABILITY_ICONS = [Users, BookOpen, Server];

export function AgentCard({ agent }: { agent: Agent }) {
  return (
    <Link
      to={`/control-hub/agents/${agent.id}`}
      className="group flex h-full flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs transition-colors outline-none hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <div className="flex items-start gap-3">
        <AgentLogo url={agent.logoUrl} />
        <div className="grid min-w-0 flex-1 gap-1">
          <span className="truncate font-medium group-hover:text-primary">{agent.name}</span>
          <AgentStageBadge stage={agent.stage} />
        </div>
      </div>
      <p className="line-clamp-2 min-h-10 text-sm text-muted-foreground">{agent.description || "No description"}</p>
      <div className="mt-auto grid gap-1 border-t pt-3 text-xs text-muted-foreground">
        <span className="flex items-center gap-1.5 font-medium text-foreground">
          <Wrench className="size-3.5" aria-hidden />
          {agentToolCountLabel(agent)}
        </span>
        <ul className="flex flex-wrap gap-x-3 gap-y-1" aria-label="Capabilities">
          {capabilitySummary(agent).map((text, i) => {
            const Icon = CAPABILITY_ICONS[i]!;
            return (
              <li key={text} className="flex items-center gap-1">
                <Icon className="size-3" aria-hidden />
                {text}
              </li>
            );
          })}
        </ul>
      </div>
    </Link>
  );
}
