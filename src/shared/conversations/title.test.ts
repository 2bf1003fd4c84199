import { describe, expect, it } from "vitest";
import { conversationTitle } from "./title";

describe("conversation title", () => {
  it("[CONV-02] trimmed name, then first message, then agent name, then Chat + 8 id characters", () => {
    expect(conversationTitle({ id: "abcdef123456", name: "  Plan  ", firstMessageText: "hi" })).toBe("Plan");
    expect(conversationTitle({ id: "abcdef123456", name: "   ", firstMessageText: "  hello " })).toBe("hello");
    expect(conversationTitle({ id: "abcdef123456", firstMessageText: " ", agentName: "Helper" })).toBe("Helper");
    expect(conversationTitle({ id: "abcdef123456" })).toBe("Chat abcdef12");
  });
});
