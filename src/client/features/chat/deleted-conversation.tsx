// CHAT-18: a deleted conversation says so and returns to /chat.
import { useEffect } from "react";
import { Trash2 } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { EmptyState } from "@/client/components/empty-state";
import { Button } from "@/client/components/ui/button";

export const DELETED_RETURN_MS = 2500;

export function DeletedConversation() {
  const navigate = useNavigate();
  useEffect(() => {
    const t = setTimeout(() => navigate("/chat", { replace: true }), DELETED_RETURN_MS);
    return () => clearTimeout(t);
  }, [navigate]);
  return (
    <EmptyState icon={Trash2} title="This conversation has been deleted" className="mx-auto my-auto w-full max-w-xl">
      <p>Taking you back to a new chat…</p>
      <Button asChild size="sm" variant="outline" className="mt-4">
        <Link to="/chat" replace>
          Back to chat
        </Link>
      </Button>
    </EmptyState>
  );
}
