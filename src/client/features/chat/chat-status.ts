// Pure rules of the chat screen (chat spec §4, §5).
import type { UIMessage } from "@ai-sdk/ui-utils";

export type ChatStatus = "ready" | "submitted" | "streaming" | "error";

/** CHAT-17: while submitted, or streaming with no assistant text yet — unless a tool call is still pending. */
export function showTypingIndicator(status: ChatStatus, messages: readonly UIMessage[]): boolean {
  if (status === "submitted") return true;
  if (status !== "streaming") return false;
  const last = messages.at(-1);
  if (!last || last.role !== "assistant") return true;
  const toolPending = last.parts.some((p) => p.type === "tool-invocation" && p.toolInvocation.state !== "result");
  if (toolPending) return false;
  return !last.parts.some((p) => p.type === "text" && p.text.trim());
}

/** CHAT-22: the feedback block shows once there are at least 2 messages and nothing is streaming. */
export const showFeedback = (messageCount: number, isProcessing: boolean) => messageCount >= 2 && !isProcessing;

/** INPUT-15/16/17: blank text needs a file; nothing is sent while uploading, loading or processing. */
export function canSend(opts: {
  text: string;
  fileCount: number;
  uploading: boolean;
  loading: boolean;
  processing: boolean;
}): boolean {
  if (opts.uploading || opts.loading || opts.processing) return false;
  return opts.text.trim().length > 0 || opts.fileCount > 0;
}

/** INPUT-04/05/06: the send button's tooltip. */
export function sendTooltip(opts: { processing: boolean; text: string; fileCount: number }): string {
  if (opts.processing) return "Stop generation";
  if (!opts.text.trim() && opts.fileCount > 0) return "Send files";
  return "Send message";
}

/** INPUT-01/02. */
export const inputPlaceholder = (agentName: string | undefined) =>
  `Message ${agentName?.trim() || "AI"}... (or drag & drop files)`;

/** INPUT-09/10/11: Enter sends, Shift+Enter is a newline, composing (IME) never sends. */
export const isSendKey = (e: { key: string; shiftKey: boolean; isComposing?: boolean; keyCode?: number }) =>
  e.key === "Enter" && !e.shiftKey && !e.isComposing && e.keyCode !== 229;

/** INPUT-12: under 600 px the input loses focus after sending (closes the on-screen keyboard). */
export const BLUR_AFTER_SEND_BELOW_PX = 600;
