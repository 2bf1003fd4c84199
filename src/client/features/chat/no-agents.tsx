// CHAT-03/04: nothing to chat with yet.
import { Bot } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "@/client/components/empty-state";
import { Button } from "@/client/components/ui/button";

export function NoAgents() {
  return (
    <EmptyState icon={Bot} title="No Agents Yet" className="mx-auto my-auto w-full max-w-xl">
      <p>Connect an AI provider and create an agent to start chatting.</p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        <Button asChild size="sm" variant="outline">
          <Link to="/control-hub/providers">Connect a provider</Link>
        </Button>
        <Button asChild size="sm">
          <Link to="/control-hub">Create an agent</Link>
        </Button>
      </div>
    </EmptyState>
  );
}
