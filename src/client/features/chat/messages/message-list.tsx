// The conversation's messages (chat spec §2 "Message display"). Owns the scroll container; `footer`
// (typing indicator, error box, feedback block) scrolls with the messages.
// Contract used by the chat screen: keep these props stable.
import type { ReactNode } from "react";
import type { UIMessage } from "@ai-sdk/ui-utils";
import { cn } from "@/client/lib/utils";

export interface MessageListAgent {
  name: string;
  logoUrl?: string | null;
}

export interface MessageListProps {
  messages: UIMessage[];
  agent: MessageListAgent | undefined;
  /** True while a reply is submitted or streaming (the last message may still be empty). */
  isProcessing: boolean;
  footer?: ReactNode;
  className?: string;
}

/** Minimal rendering of text parts; the full message display replaces it. */
export function MessageList({ messages, isProcessing, footer, className }: MessageListProps) {
  const visible = messages.filter((m) => m.role !== "system");
  return (
    <div className={cn("flex-1 overflow-y-auto", className)}>
      <ol className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
        {visible.map((m, i) => {
          const text = m.parts
            .filter((p) => p.type === "text")
            .map((p) => (p as { text: string }).text)
            .join("");
          const empty = !text && isProcessing && i === visible.length - 1 ? "Processing..." : "[Empty Message]";
          return (
            <li key={m.id} className={cn("flex", m.role === "user" ? "justify-end" : "justify-start")}>
              <div className="max-w-[85%] whitespace-pre-wrap rounded-lg bg-muted px-3 py-2 text-sm">{text || empty}</div>
            </li>
          );
        })}
      </ol>
      {footer}
    </div>
  );
}
