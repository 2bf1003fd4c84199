// /dashboard (ROUTE-02, DASH-01). Statistics, filters and the welcome checklist come with the
// dashboard issue; until then the page says so rather than showing made-up numbers.
import { BarChart3 } from "lucide-react";
import { EmptyState } from "@/client/components/empty-state";
import { PageHeader } from "@/client/components/page-header";
import { useDocumentTitle } from "@/client/lib/use-document-title";

export function DashboardPage() {
  useDocumentTitle("Dashboard");
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader title="AI Agent Dashboard" description="Monitor and observe your AI agents' performance." />
      <EmptyState icon={BarChart3} title="No statistics yet">
        Statistics will appear here once your organization has conversations.
      </EmptyState>
    </div>
  );
}
