// /dashboard (ROUTE-02, DASH-01..40). Until the organisation has a model and an agent, a welcome screen
// leads the way; below it the filter bar, six stat tiles, the daily chart and cost (decision 084) and
// Recent Conversations.
import { useState } from "react";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { PageHeader } from "@/client/components/page-header";
import { Spinner } from "@/client/components/ui/spinner";
import { useAgents } from "@/client/api/agents";
import { useOrgUsers } from "@/client/api/org-users";
import { hasConnectedModel, needsFirstRunSetup } from "@/client/lib/first-run";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { defaultRange } from "@/shared/dashboard/format";
import { WelcomeScreen } from "./welcome-screen";
import { FilterBar } from "./filter-bar";
import { StatTiles } from "./stat-tiles";
import { RecentConversations } from "./recent-conversations";
import { useDashboardStats, useInteractions, type DashboardFilters } from "./api/dashboard";
import { useDailyFigures } from "./api/daily";
import { useCosts } from "./api/costs";
import { downloadInteractionsCsv } from "./api/export-interactions";
import { DailyChart } from "./daily-chart";
import { CostTable } from "./cost-table";

const initialFilters = (isAdmin: boolean): DashboardFilters => ({
  // DASH-11: admins start in organisation view; everyone else stays personal.
  orgView: isAdmin,
  agentId: null,
  userId: null,
  metadataKey: "",
  metadataValue: "",
  ...defaultRange(),
});

export function DashboardPage() {
  useDocumentTitle("Dashboard");
  const { org, isAdmin } = useActiveOrg();
  const agents = useAgents(org.id);
  const hasModel = hasConnectedModel(org);
  const agentCount = agents.data?.length ?? 0;
  const [filters, setFilters] = useState(() => initialFilters(isAdmin));
  const users = useOrgUsers(org.id, isAdmin);
  const stats = useDashboardStats(org.id, filters);
  const interactions = useInteractions(org.id, filters);
  const daily = useDailyFigures(org.id, filters);
  const costs = useCosts(org.id, filters);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader title="AI Agent Dashboard" description="Monitor and observe your AI agents' performance." />
      {/* DASH-02: no welcome screen while the agents are still loading (the "loading flag"). */}
      {agents.isLoading ? (
        <div className="flex justify-center p-6">
          <Spinner />
        </div>
      ) : (
        needsFirstRunSetup({ hasModel, agentCount }) && <WelcomeScreen hasModel={hasModel} hasAgents={agentCount > 0} />
      )}
      <FilterBar
        isAdmin={isAdmin}
        filters={filters}
        onChange={setFilters}
        agents={agents.data ?? []}
        users={users.data?.data ?? []}
      />
      <StatTiles stats={stats.data} />
      <div className="grid gap-3 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <DailyChart data={daily.data} error={daily.error} />
        </div>
        <div className="lg:col-span-2">
          <CostTable data={costs.data} error={costs.error} isAdmin={isAdmin} />
        </div>
      </div>
      <RecentConversations
        page={interactions.data}
        error={interactions.error}
        isLoading={interactions.isLoading}
        isAdmin={filters.orgView}
        metadataFiltered={filters.orgView && filters.metadataKey.trim() !== ""}
        onClearFilters={() => setFilters({ ...initialFilters(isAdmin), orgView: filters.orgView })}
        onExport={() => downloadInteractionsCsv(org.id, filters)}
      />
    </div>
  );
}
