// CHAT-22..27: was this conversation helpful? (GET/POST /api/feedback)
import { ThumbsDown, ThumbsUp } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/client/components/ui/button";
import { cn } from "@/client/lib/utils";
import { giveFeedback, useFeedback } from "./api/feedback";

export function FeedbackBlock({
  orgId,
  conversationId,
  agentId,
}: {
  orgId: string;
  conversationId: string;
  agentId: number;
}) {
  const { data, mutate } = useFeedback(orgId, conversationId);
  const current = data?.exists ? data.data?.isHelpful : undefined;

  const give = async (isHelpful: boolean) => {
    const sent = await giveFeedback(orgId, { conversationId, agentId, isHelpful }).then(
      () => true,
      () => false,
    );
    if (!sent) {
      toast.error("Failed to submit feedback. Please try again.");
      return;
    }
    await mutate({ exists: true, data: { isHelpful } }, { revalidate: false });
    toast.success("Feedback recorded and shared with your agent.");
  };

  const button = (isHelpful: boolean) => {
    const chosen = current === isHelpful;
    const Icon = isHelpful ? ThumbsUp : ThumbsDown;
    return (
      <Button
        size="sm"
        variant={chosen ? "default" : "outline"}
        aria-pressed={chosen}
        disabled={chosen}
        className={cn(chosen && "disabled:opacity-100")}
        onClick={() => void give(isHelpful)}
      >
        <Icon aria-hidden />
        {isHelpful ? "Yes" : "No"}
      </Button>
    );
  };

  return (
    <div className="flex flex-wrap items-center justify-center gap-3 rounded-lg border border-dashed px-4 py-3 text-sm text-muted-foreground">
      <span>
        {current === undefined
          ? "Was this conversation helpful?"
          : "Thanks for your feedback! You can change your answer."}
      </span>
      <div className="flex gap-2">
        {button(true)}
        {button(false)}
      </div>
    </div>
  );
}
