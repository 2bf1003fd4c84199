// /chat and /chat/:threadId (ROUTE-03/04). The chat screen is a later issue; this page says so
// honestly instead of offering an input that cannot send.
import { MessageSquare } from "lucide-react";
import { Link, useParams } from "react-router";
import { EmptyState } from "@/client/components/empty-state";
import { Button } from "@/client/components/ui/button";
import { useDocumentTitle } from "@/client/lib/use-document-title";

export function ChatPage() {
  const { threadId } = useParams();
  useDocumentTitle(threadId ? "Conversation" : "New Chat");
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col justify-center gap-6 py-8">
      <h1 className="sr-only">{threadId ? "Conversation" : "New Chat"}</h1>
      <EmptyState icon={MessageSquare} title="Chat is coming soon">
        <p>
          {threadId
            ? "Conversations can't be opened yet. Chatting with your organization's agents arrives in an upcoming release."
            : "Chatting with your organization's agents arrives in an upcoming release."}
        </p>
        <Button asChild variant="outline" size="sm" className="mt-4">
          <Link to="/control-hub">Go to Control Hub</Link>
        </Button>
      </EmptyState>
    </div>
  );
}
