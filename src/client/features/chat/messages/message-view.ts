// A sub-conversation shows messages whose tool cards can open sub-conversations. The message list hands
// its message component down through this context, so that sub-conversation.tsx need not import
// message-item.tsx, which imports it back through the tool card (no import cycles: docs/layout.md).
import { createContext, useContext, type ComponentType } from "react";
import type { UIMessage } from "@ai-sdk/ui-utils";

export interface MessageViewProps {
  message: UIMessage;
  agent: { name: string; logoUrl?: string | null } | undefined;
  isLast: boolean;
  isProcessing: boolean;
}

export const MessageView = createContext<ComponentType<MessageViewProps> | null>(null);

export function useMessageView(): ComponentType<MessageViewProps> {
  const view = useContext(MessageView);
  if (!view) throw new Error("A sub-conversation must be shown inside a message list.");
  return view;
}
