// OpenAI-compatible servers through the chat fast path (decision 121) must give exactly the parts
// @ai-sdk/openai-compatible gives for the same wire bytes: vLLM's, Ollama's, LM Studio's, OpenRouter's and
// llama.cpp's streams (reasoning fields, missing id/model, usage in the last chunk, errors), whole and split.
import { describe, expect, it } from "vitest";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { fastChatStream } from "./openai-chat-fast-stream";
import {
  OPENAI_COMPATIBLE_CHAT,
  compatiblePlainReasoningDelta,
  compatiblePlainTextDelta,
} from "./openai-compatible-fast-dialect";
import {
  comparable,
  expectSameParts,
  parts,
  streamParts,
  watchedFetch,
  type MakeModel,
} from "../test/fast-stream-equivalence";
import { data, vllmHead, vllm, vllmUsage, ollama, or, bare, CASES } from "../test/openai-compatible-cases";

// As models.ts makes it (usage asked for, no metadata extractor).
const make: MakeModel = (fetch) =>
  createOpenAICompatible({
    name: "openai-compatible",
    baseURL: "http://llm.local/v1",
    includeUsage: true,
    fetch,
  }).chatModel("qwen3-8b");
const D = OPENAI_COMPATIBLE_CHAT;

describe("OpenAI-compatible servers through the chat fast path (decision 121)", () => {
  for (const [name, text] of Object.entries(CASES))
    it(`gives @ai-sdk/openai-compatible's parts: ${name}`, async () => {
      await expectSameParts(make, D, text, (actual, expected) => expect(actual).toEqual(expected));
    });

  it("plain text deltas are only text chunks that change nothing else", () => {
    const value = (s: string) => JSON.parse(s.slice(6)) as unknown;
    expect(compatiblePlainTextDelta(value(vllm({ content: "a" })))).toBe("a");
    expect(compatiblePlainTextDelta(value(ollama({ content: "a" })))).toBe("a");
    expect(compatiblePlainTextDelta(value(or({ content: "a", refusal: false })))).toBe("a");
    expect(compatiblePlainTextDelta(value(bare({ content: "a" })))).toBe("a");
    for (const s of [
      vllm({ reasoning_content: "r", content: "a" }),
      ollama({ reasoning: "r", content: "a" }),
      vllm({ content: "a", refusal: "no" }),
      vllm({ content: "a" }, "stop"),
      vllm({ content: [{ type: "text", text: "a" }] }),
      vllm({ content: "a", tool_calls: [{ index: 0, function: { arguments: "{}" } }] }),
      data({ ...vllmHead, choices: [{ index: 0, delta: { content: "a" } }], usage: { total_tokens: 1 } }),
      data({ ...vllmHead, choices: [{ index: 0, delta: { content: "a" } }], error: null }),
      vllmUsage,
    ])
      expect(compatiblePlainTextDelta(value(s))).toBeUndefined();
  });

  it("plain reasoning deltas are only reasoning chunks that change nothing else", () => {
    const value = (s: string) => JSON.parse(s.slice(6)) as unknown;
    expect(compatiblePlainReasoningDelta(value(vllm({ reasoning_content: "r" })))).toBe("r");
    expect(compatiblePlainReasoningDelta(value(ollama({ content: "", reasoning: "r" })))).toBe("r");
    expect(compatiblePlainReasoningDelta(value(or({ reasoning: "r" })))).toBe("r");
    for (const s of [
      vllm({ reasoning_content: "r", content: "a" }),
      vllm({ reasoning_content: "", reasoning: "r" }),
      vllm({ reasoning_content: "r", reasoning: 5 }),
      vllm({ reasoning_content: "r", refusal: "no" }),
      vllm({ reasoning_content: "r" }, "stop"),
      vllm({ reasoning_content: "r", tool_calls: [{ index: 0, function: { arguments: "{}" } }] }),
      data({ ...vllmHead, choices: [{ index: 0, delta: { reasoning_content: "r" } }], usage: { total_tokens: 1 } }),
      vllm({ content: "a" }),
    ])
      expect(compatiblePlainReasoningDelta(value(s))).toBeUndefined();
  });

  for (const [name, given, notGiven] of [
    ["vLLM: reasoning, then text, usage, [DONE]", '"content":"w1 "', '"content":"w2 "'],
    ["vLLM: reasoning, then text, usage, [DONE]", '"reasoning_content":"w1 "', '"reasoning_content":"w2 "'],
    ["Ollama: thinking in `reasoning`, role on every chunk", '"reasoning":"w1 "', '"reasoning":"w2 "'],
    ["reasoning again between text (text part closed and reopened)", '"content":"w4 "', '"content":"w5 "'],
    ["no id, model nor created; no finish reason (stream ends early)", '"content":"w1 "', '"content":"w2 "'],
  ] as const)
    it(`the package gets the first delta of a part and not the rest: ${name}, ${notGiven}`, async () => {
      const body = CASES[name]!;
      const { fetch, seen } = watchedFetch(body, 9);
      const fast = comparable(await streamParts(fastChatStream(make(fetch) as never, D)));
      expect(fast).toEqual(comparable(await parts(make, D, false, body, 0)));
      expect(seen.given).toContain(given);
      expect(seen.given).not.toContain(notGiven);
    });
});
