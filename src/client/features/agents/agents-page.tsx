// The Control Hub's index tab (/control-hub): the New Agent tile and the organisation's agents,
// grouped Released and In Development (AGENT-13..18, AGENT-27).
import { Bot } from "lucide-react";
import type { Agent } from "@/shared/agents/schema";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { DataErrorFallback } from "@/client/components/error-fallback";
import { EmptyState } from "@/client/components/empty-state";
import { SectionHeader } from "@/client/components/section-header";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useAgents } from "@/client/api/agents";
import { AgentCard } from "./agent-card";
import { NewAgentTile } from "./new-agent-tile";
import { groupByStage } from "@/client/components/agents/stage-badge";

const GRID = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4";

function AgentGroup({ title, agents }: { title: string; agents: Agent[] }) {
  if (!agents.length) return null;
  const id = `agents-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h3 id={id} className="flex items-center gap-2 text-sm font-semibold">
        {title}
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
          {agents.length}
        </span>
      </h3>
      <ul className={GRID}>
        {agents.map((agent) => (
          <li key={agent.id}>
            <AgentCard agent={agent} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function AgentsSkeleton() {
  return (
    <div className={GRID} aria-busy="true" aria-label="Loading agents">
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-44 rounded-xl" />
      ))}
    </div>
  );
}

export function AgentsPage() {
  const { org, isAdmin } = useActiveOrg();
  const { data: agents, error, mutate } = useAgents(org.id);
  const groups = groupByStage(agents ?? []);

  return (
    <section className="flex flex-col gap-6">
      <SectionHeader
        title="Agents"
        description="Build the AI agents of your organization: their instructions, model, tools and the agents they may call."
        actions={
          agents && (
            <p className="text-sm text-muted-foreground">
              {agents.length === 1 ? "1 agent" : `${agents.length} agents`}
            </p>
          )
        }
      />
      <div className={GRID}>
        <NewAgentTile isAdmin={isAdmin} />
      </div>
      {error && !agents ? (
        <DataErrorFallback onRetry={() => void mutate()} />
      ) : !agents ? (
        <AgentsSkeleton />
      ) : agents.length === 0 ? (
        <EmptyState icon={Bot} title="No agents yet">
          {isAdmin
            ? "Create your first agent with the New Agent tile."
            : "An admin of your organization has not created any agents yet."}
        </EmptyState>
      ) : (
        <>
          <AgentGroup title="Released" agents={groups.released} />
          <AgentGroup title="In Development" agents={groups.development} />
        </>
      )}
    </section>
  );
}
