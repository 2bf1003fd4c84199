// The conversation's messages (chat spec §2 "Message display"). `footer` (typing indicator, error box,
// feedback block) follows the messages. Long conversations render only the messages near the screen.
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import type { UIMessage } from "@ai-sdk/ui-utils";
import { cn } from "@/client/lib/utils";
import { MessageItem, type MessageAgent } from "./message-item";
import { MessageView } from "./message-view";

export type MessageListAgent = MessageAgent;

export interface MessageListProps {
  messages: UIMessage[];
  agent: MessageListAgent | undefined;
  /** True while a reply is submitted or streaming (the last message may still be empty). */
  isProcessing: boolean;
  footer?: ReactNode;
  className?: string;
  /** Generates the last reply again (Retry on an interrupted reply, Regenerate). */
  onRetryLast?: () => void;
  /** Edit and resend a user message (decision 090). */
  onEdit?: (messageId: string, text: string) => void;
}

/** Below this many messages everything renders; above it the list is virtualised. */
export const VIRTUALIZE_FROM = 60;

/** Also hands MessageItem to the sub-conversations that its tool cards open (message-view.ts). */
export function MessageList(props: MessageListProps) {
  return (
    <MessageView.Provider value={MessageItem}>
      <Messages {...props} />
    </MessageView.Provider>
  );
}

function Messages({ messages, agent, isProcessing, footer, className, onRetryLast, onEdit }: MessageListProps) {
  const visible = messages.filter((m) => m.role !== "system");
  // Only the last reply can be generated again (the server replaces what followed the resent message).
  const retry = isProcessing ? undefined : onRetryLast;
  const edit = isProcessing ? undefined : onEdit;
  return (
    <div className={cn("flex-1", className)}>
      {visible.length >= VIRTUALIZE_FROM ? (
        <VirtualMessages
          messages={visible}
          agent={agent}
          isProcessing={isProcessing}
          onRetryLast={retry}
          onEdit={edit}
        />
      ) : (
        <ol className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6">
          {visible.map((m, i) => (
            <MessageItem
              key={m.id}
              message={m}
              agent={agent}
              isLast={i === visible.length - 1}
              isProcessing={isProcessing}
              onRetry={i === visible.length - 1 ? retry : undefined}
              onEdit={edit}
            />
          ))}
        </ol>
      )}
      {footer}
    </div>
  );
}

function VirtualMessages({
  messages,
  agent,
  isProcessing,
  onRetryLast,
  onEdit,
}: {
  messages: UIMessage[];
  agent: MessageListAgent | undefined;
  isProcessing: boolean;
  onRetryLast?: () => void;
  onEdit?: (messageId: string, text: string) => void;
}) {
  const list = useRef<HTMLOListElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => setOffset(list.current?.offsetTop ?? 0), []);
  const virtualizer = useWindowVirtualizer({
    count: messages.length,
    estimateSize: () => 120,
    overscan: 6,
    scrollMargin: offset,
  });
  useEffect(() => {
    virtualizer.scrollToIndex(messages.length - 1, { align: "end" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when a long thread opens
  }, []);
  const items = virtualizer.getVirtualItems();
  return (
    <ol ref={list} className="relative mx-auto w-full max-w-3xl px-4" style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) => {
        const m = messages[item.index]!;
        return (
          <div
            key={m.id}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="absolute inset-x-4 pb-5"
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            <MessageItem
              message={m}
              agent={agent}
              isLast={item.index === messages.length - 1}
              isProcessing={isProcessing}
              onRetry={item.index === messages.length - 1 ? onRetryLast : undefined}
              onEdit={onEdit}
            />
          </div>
        );
      })}
    </ol>
  );
}
