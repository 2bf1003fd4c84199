import { describe, expect, it } from "vitest";
import type { UIMessage } from "@ai-sdk/ui-utils";
import {
  BLUR_AFTER_SEND_BELOW_PX,
  canSend,
  inputPlaceholder,
  isSendKey,
  sendTooltip,
  showFeedback,
  showTypingIndicator,
} from "./chat-status";

const user: UIMessage = { id: "u", role: "user", content: "hi", parts: [{ type: "text", text: "hi" }] };
const assistant = (parts: UIMessage["parts"]): UIMessage => ({ id: "a", role: "assistant", content: "", parts });

describe("chat screen rules", () => {
  it("[CHAT-17] typing indicator: submitted, or streaming without text, unless a tool call is pending", () => {
    expect(showTypingIndicator("submitted", [user])).toBe(true);
    expect(showTypingIndicator("streaming", [user])).toBe(true);
    expect(showTypingIndicator("streaming", [user, assistant([{ type: "step-start" }])])).toBe(true);
    expect(showTypingIndicator("streaming", [user, assistant([{ type: "text", text: "Hel" }])])).toBe(false);
    const pending = assistant([
      { type: "tool-invocation", toolInvocation: { state: "call", toolCallId: "1", toolName: "scrape_url", args: {} } },
    ]);
    expect(showTypingIndicator("streaming", [user, pending])).toBe(false);
    expect(showTypingIndicator("ready", [user])).toBe(false);
    expect(showTypingIndicator("error", [user])).toBe(false);
  });

  it("[CHAT-22] feedback shows from 2 messages when nothing streams", () => {
    expect(showFeedback(1, false)).toBe(false);
    expect(showFeedback(2, false)).toBe(true);
    expect(showFeedback(4, true)).toBe(false);
  });

  it("[INPUT-15] [INPUT-16] [INPUT-17] send needs text or a file, and waits for uploads, loading and replies", () => {
    const base = { text: "", fileCount: 0, uploading: false, loading: false, processing: false };
    expect(canSend(base)).toBe(false);
    expect(canSend({ ...base, text: "   " })).toBe(false);
    expect(canSend({ ...base, text: "hello" })).toBe(true);
    expect(canSend({ ...base, fileCount: 1 })).toBe(true);
    expect(canSend({ ...base, text: "hello", uploading: true })).toBe(false);
    expect(canSend({ ...base, text: "hello", loading: true })).toBe(false);
    expect(canSend({ ...base, text: "hello", processing: true })).toBe(false);
  });

  it("[INPUT-04] [INPUT-05] [INPUT-06] the send button's tooltip", () => {
    expect(sendTooltip({ processing: false, text: "hi", fileCount: 0 })).toBe("Send message");
    expect(sendTooltip({ processing: false, text: " ", fileCount: 2 })).toBe("Send files");
    expect(sendTooltip({ processing: true, text: "hi", fileCount: 0 })).toBe("Stop generation");
  });

  it("[INPUT-01] [INPUT-02] the placeholder names the agent, else AI", () => {
    expect(inputPlaceholder("Research Bot")).toBe("Message Research Bot... (or drag & drop files)");
    expect(inputPlaceholder(undefined)).toBe("Message AI... (or drag & drop files)");
  });

  it("[INPUT-09] [INPUT-10] [INPUT-11] [INPUT-12] Enter sends, Shift+Enter and composition do not; blur under 600 px", () => {
    expect(isSendKey({ key: "Enter", shiftKey: false })).toBe(true);
    expect(isSendKey({ key: "Enter", shiftKey: true })).toBe(false);
    expect(isSendKey({ key: "Enter", shiftKey: false, isComposing: true })).toBe(false);
    expect(isSendKey({ key: "Enter", shiftKey: false, keyCode: 229 })).toBe(false);
    expect(BLUR_AFTER_SEND_BELOW_PX).toBe(600);
  });
});
