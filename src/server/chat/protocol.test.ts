// The line protocol of chat spec §7: every code our encoder emits parses back with the client's parser
// (@ai-sdk/ui-utils@1), and the parser refuses unknown codes and malformed payloads.
import { describe, expect, it } from "vitest";
import { formatDataStreamPart, parseDataStreamPart } from "@ai-sdk/ui-utils";
import type { TextStreamPart, ToolSet } from "ai";
import { encodePart } from "./protocol";

const enc = (part: Record<string, unknown>) => encodePart(part as unknown as TextStreamPart<ToolSet>, "msg-1");
const roundTrip = (line: string) => {
  expect(line).toMatch(/^[0-9a-k]:.*\n$/); // STREAM-01: one character, a colon, a JSON value
  return parseDataStreamPart(line.trimEnd());
};

describe("chat line protocol", () => {
  it("[STREAM-01] [STREAM-02] [STREAM-12] [STREAM-13] text (0), start step (f) and reasoning (g)", () => {
    expect(roundTrip(enc({ type: "text-delta", id: "t", text: "Hello" }))).toEqual({ type: "text", value: "Hello" });
    expect(enc({ type: "text-delta", id: "t", text: "x" }).startsWith("0:")).toBe(true);
    expect(roundTrip(enc({ type: "start-step", request: {}, warnings: [] }))).toEqual({
      type: "start_step",
      value: { messageId: "msg-1" },
    });
    expect(roundTrip(enc({ type: "reasoning-delta", id: "r", text: "hmm" }))).toEqual({
      type: "reasoning",
      value: "hmm",
    });
  });

  it("[STREAM-15] [STREAM-16] redacted reasoning (i) and reasoning signature (j) where @ai-sdk/anthropic puts them", () => {
    // redacted_thinking → reasoning-start with the data; signature_delta → an empty reasoning-delta with the signature.
    const redacted = enc({
      type: "reasoning-start",
      id: "1",
      providerMetadata: { anthropic: { redactedData: "xyz" } },
    });
    expect(roundTrip(redacted)).toEqual({ type: "redacted_reasoning", value: { data: "xyz" } });
    const signed = enc({
      type: "reasoning-delta",
      id: "0",
      text: "",
      providerMetadata: { anthropic: { signature: "sig" } },
    });
    expect(roundTrip(signed)).toEqual({ type: "reasoning_signature", value: { signature: "sig" } });
    expect(enc({ type: "reasoning-start", id: "0" })).toBe("");
    expect(enc({ type: "reasoning-end", id: "0" })).toBe("");
  });

  it("[STREAM-14] [STREAM-17] source (h) and file (k: data, mimeType)", () => {
    const source = roundTrip(
      enc({ type: "source", sourceType: "url", id: "s1", url: "https://example.com", title: "Example" }),
    );
    expect(source).toMatchObject({
      type: "source",
      value: { sourceType: "url", id: "s1", url: "https://example.com", title: "Example" },
    });
    const file = roundTrip(enc({ type: "file", file: { base64: "aGk=", mediaType: "text/plain" } }));
    expect(file).toEqual({ type: "file", value: { data: "aGk=", mimeType: "text/plain" } });
  });

  it("[STREAM-06] [STREAM-07] [STREAM-08] [STREAM-09] tool call streaming start (b), argument delta (c), call (9) and result (a)", () => {
    expect(roundTrip(enc({ type: "tool-input-start", id: "c1", toolName: "scrape_url" }))).toEqual({
      type: "tool_call_streaming_start",
      value: { toolCallId: "c1", toolName: "scrape_url" },
    });
    expect(roundTrip(enc({ type: "tool-input-delta", id: "c1", delta: '{"url"' }))).toEqual({
      type: "tool_call_delta",
      value: { toolCallId: "c1", argsTextDelta: '{"url"' },
    });
    expect(
      roundTrip(enc({ type: "tool-call", toolCallId: "c1", toolName: "scrape_url", input: { url: "https://x" } })),
    ).toEqual({
      type: "tool_call",
      value: { toolCallId: "c1", toolName: "scrape_url", args: { url: "https://x" } },
    });
    expect(
      roundTrip(
        enc({
          type: "tool-result",
          toolCallId: "c1",
          toolName: "scrape_url",
          input: {},
          output: { status: "success", content: "ok" },
        }),
      ),
    ).toEqual({
      type: "tool_result",
      value: { toolCallId: "c1", result: { status: "success", content: "ok" } },
    });
    // A tool that throws still answers its call, as an error result.
    expect(
      roundTrip(
        enc({ type: "tool-error", toolCallId: "c1", toolName: "scrape_url", input: {}, error: new Error("boom") }),
      ),
    ).toEqual({
      type: "tool_result",
      value: { toolCallId: "c1", result: { status: "error", error: "boom" } },
    });
  });

  it("[STREAM-10] [STREAM-11] finish step (e: isContinued) and finish message (d: finishReason, usage with promptTokens and completionTokens)", () => {
    expect(
      roundTrip(
        enc({
          type: "finish-step",
          finishReason: "tool-calls",
          usage: { inputTokens: 5, outputTokens: 7 },
          response: {},
          providerMetadata: undefined,
        }),
      ),
    ).toEqual({
      type: "finish_step",
      value: { isContinued: false, finishReason: "tool-calls", usage: { promptTokens: 5, completionTokens: 7 } },
    });
    expect(
      roundTrip(enc({ type: "finish", finishReason: "stop", totalUsage: { inputTokens: 12, outputTokens: 3 } })),
    ).toEqual({
      type: "finish_message",
      value: { finishReason: "stop", usage: { promptTokens: 12, completionTokens: 3 } },
    });
  });

  it("[STREAM-04] an error (3) carries its text", () => {
    expect(roundTrip(enc({ type: "error", error: new Error("provider down") }))).toEqual({
      type: "error",
      value: "provider down",
    });
  });

  it("[STREAM-03] [STREAM-05] data (2) and message annotations (8) are part of the protocol the client parses", () => {
    expect(roundTrip(formatDataStreamPart("data", [{ step: 1 }]))).toEqual({ type: "data", value: [{ step: 1 }] });
    expect(roundTrip(formatDataStreamPart("message_annotations", [{ model: "gpt-4.1" }]))).toEqual({
      type: "message_annotations",
      value: [{ model: "gpt-4.1" }],
    });
  });

  it("[STREAM-18] a line with an unknown code or a malformed payload is rejected", () => {
    expect(() => parseDataStreamPart('z:"hi"')).toThrow();
    expect(() => parseDataStreamPart("0:{not json")).toThrow();
    expect(() => parseDataStreamPart("no colon")).toThrow();
    expect(() => parseDataStreamPart('9:"not an object"')).toThrow();
  });
});
