// A reply cut short by a server crash is stored with what it had streamed and the status
// "interrupted" (decision 009). It is shown as such, not as a finished answer; the last reply of the
// conversation can be generated again (decision 029).
import { CircleAlert, RotateCcw } from "lucide-react";
import type { UIMessage } from "@ai-sdk/ui-utils";
import { Button } from "@/client/components/ui/button";

export const INTERRUPTED_NOTICE = "This reply was interrupted.";

/** The stored status travels on the loaded message (getConversation), beside useChat's own fields. */
export const isInterrupted = (m: UIMessage) => (m as UIMessage & { status?: unknown }).status === "interrupted";

export function InterruptedNotice({ onRetry }: { onRetry?: () => void }) {
  return (
    <div
      role="note"
      className="flex items-center gap-2 self-start rounded-md border border-amber-500/40 bg-amber-500/5 px-3 py-1.5 text-sm"
    >
      <CircleAlert className="size-4 shrink-0 text-amber-600" aria-hidden />
      <p>{INTERRUPTED_NOTICE}</p>
      {onRetry && (
        <Button type="button" size="sm" variant="outline" className="h-7" onClick={onRetry}>
          <RotateCcw aria-hidden />
          Retry
        </Button>
      )}
    </div>
  );
}
