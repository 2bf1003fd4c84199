import { describe, expect, it } from "vitest";
import type { MessageRow } from "./queries";
import { toUiMessage } from "./to-ui-message";

const row = (over: Partial<MessageRow>) =>
  ({
    id: "m1",
    clientId: null,
    role: "user",
    content: "",
    parts: [],
    attachments: [],
    annotations: [],
    status: "complete",
    error: null,
    model: null,
    finishReason: null,
    inputTokens: null,
    outputTokens: null,
    createdAt: new Date("2026-11-26T10:00:00Z"),
    ...over,
  }) as MessageRow;

describe("stored message → chat message", () => {
  it("[SUB-01] a message stored with text but no parts gets its text as a part (no [Empty Message], issue 17 #2)", () => {
    expect(toUiMessage(row({ content: "please help" })).parts).toEqual([{ type: "text", text: "please help" }]);
    expect(toUiMessage(row({ content: "" })).parts).toEqual([]);
    const parts = [{ type: "text", text: "own part" }];
    expect(toUiMessage(row({ content: "own part", parts })).parts).toBe(parts);
  });
});
