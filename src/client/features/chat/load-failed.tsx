// A conversation that could not be loaded (chat spec §8 "Failed to load conversation."): say so and offer
// a retry or a new chat rather than an empty thread whose next message would go nowhere sensible.
import { AlertCircle } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "@/client/components/empty-state";
import { Button } from "@/client/components/ui/button";

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <EmptyState icon={AlertCircle} title="Failed to load conversation." className="mx-auto my-auto w-full max-w-xl">
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        <Button size="sm" variant="outline" onClick={onRetry}>
          Try again
        </Button>
        <Button asChild size="sm">
          <Link to="/chat">New chat</Link>
        </Button>
      </div>
    </EmptyState>
  );
}
