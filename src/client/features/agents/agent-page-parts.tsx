// Small pieces of the agent page: the back link, the not-found view and the loading skeleton.
import { Link } from "react-router";
import { ArrowLeft, SearchX } from "lucide-react";
import { EmptyState } from "@/client/components/empty-state";
import { Button } from "@/client/components/ui/button";
import { Skeleton } from "@/client/components/ui/skeleton";

/** AGENT-22 */
export function BackToAgents() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-3 w-fit text-muted-foreground">
      <Link to="/control-hub">
        <ArrowLeft />
        Back to Agents
      </Link>
    </Button>
  );
}

/** AGENT-21 */
export function AgentNotFound() {
  return (
    <EmptyState icon={SearchX} title="Agent not found">
      <div className="grid justify-items-center gap-4">
        <p>It may have been deleted, or it belongs to another organization.</p>
        <BackToAgents />
      </div>
    </EmptyState>
  );
}

export function AgentFormSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label="Loading agent">
      <Skeleton className="h-80 rounded-xl" />
      <Skeleton className="h-96 rounded-xl" />
      <Skeleton className="h-64 rounded-xl" />
    </div>
  );
}
