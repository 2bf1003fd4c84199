// What follows the messages: the typing indicator (CHAT-17) and the error box with Retry (CHAT-21).
import { AlertCircle, RotateCcw } from "lucide-react";
import { Button } from "@/client/components/ui/button";

export function TypingIndicator() {
  return (
    <div role="status" aria-label="Assistant is typing" className="flex items-center gap-1 px-1 py-2">
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          className="size-2 animate-bounce rounded-full bg-muted-foreground/60"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </div>
  );
}

export function ErrorBox({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <p className="min-w-0 flex-1 [overflow-wrap:anywhere]">Error: {message}</p>
      <Button size="sm" variant="outline" onClick={onRetry}>
        <RotateCcw aria-hidden />
        Retry
      </Button>
    </div>
  );
}
