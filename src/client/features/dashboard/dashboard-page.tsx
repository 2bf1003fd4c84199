// /dashboard (ROUTE-02, DASH-01..08). Until the organisation has a model and an agent, a welcome screen
// leads the way. Statistics, filters and recent conversations come with the dashboard issue; until then
// the page says so rather than showing made-up numbers.
import { BarChart3 } from "lucide-react";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { EmptyState } from "@/client/components/empty-state";
import { PageHeader } from "@/client/components/page-header";
import { Spinner } from "@/client/components/ui/spinner";
import { useAgents } from "@/client/api/agents";
import { hasConnectedModel, needsFirstRunSetup } from "@/client/lib/first-run";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { WelcomeScreen } from "./welcome-screen";

export function DashboardPage() {
  useDocumentTitle("Dashboard");
  const { org } = useActiveOrg();
  const agents = useAgents(org.id);
  const hasModel = hasConnectedModel(org);
  const agentCount = agents.data?.length ?? 0;

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
      <EmptyState icon={BarChart3} title="No statistics yet">
        Usage statistics and recent conversations are not available in this version of the dashboard yet.
      </EmptyState>
    </div>
  );
}
