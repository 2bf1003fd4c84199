// The fast path must give exactly the parts @ai-sdk/openai gives for the same wire bytes (decision 116):
// each case runs the package alone and through the fast path, on whole and on split bodies.
import { describe, expect, it } from "vitest";
import { createOpenAI } from "@ai-sdk/openai";
import { OPENAI_CHAT, fastChatStream, fastStreamFetch, plainTextDelta } from "./openai-chat-fast-stream";
import { comparable, parts, streamParts, watchedFetch, type MakeModel } from "../test/fast-stream-equivalence";

const head = { id: "chatcmpl-1", object: "chat.completion.chunk", created: 1700000000, model: "gpt-4.1-mini" };
const chunk = (delta: Record<string, unknown>, finish: string | null = null, extra: Record<string, unknown> = {}) =>
  `data: ${JSON.stringify({ ...head, system_fingerprint: "fp", choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }], ...extra })}\n\n`;
const usage = `data: ${JSON.stringify({ ...head, choices: [], usage: { prompt_tokens: 9, completion_tokens: 3, total_tokens: 12 } })}\n\n`;
const done = "data: [DONE]\n\n";
const words = (n: number) => Array.from({ length: n }, (_, i) => chunk({ content: `w${i + 1} ` })).join("");

const CASES: Record<string, string> = {
  "a text reply (OpenAI's own shape)":
    chunk({ role: "assistant", content: "", refusal: null }) + words(6) + chunk({}, "stop") + usage + done,
  "tool calls": [
    chunk({ role: "assistant", content: null }),
    chunk({ tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "lookup", arguments: "" } }] }),
    chunk({ tool_calls: [{ index: 0, function: { arguments: '{"q":' } }] }),
    chunk({ tool_calls: [{ index: 0, function: { arguments: '"x"}' } }] }),
    chunk({ tool_calls: [{ index: 1, id: "call_2", type: "function", function: { name: "other", arguments: "{}" } }] }),
    chunk({}, "tool_calls"),
    usage,
    done,
  ].join(""),
  "text, then a tool call": [
    chunk({ role: "assistant", content: "" }),
    words(3),
    chunk({
      tool_calls: [{ index: 0, id: "call_9", type: "function", function: { name: "lookup", arguments: "{}" } }],
    }),
    words(2),
    chunk({}, "tool_calls"),
    usage,
    done,
  ].join(""),
  "an error event after some text":
    chunk({ role: "assistant", content: "" }) +
    words(3) +
    `data: ${JSON.stringify({ error: { message: "The server had an error", type: "server_error", code: null } })}\n\n` +
    words(1),
  "a refusal":
    chunk({ role: "assistant", content: "" }) + words(2) + chunk({ refusal: "I can't" }) + chunk({}, "stop") + done,
  "malformed JSON and an unknown shape mid-stream":
    chunk({ role: "assistant", content: "" }) +
    words(2) +
    "data: {not json\n\n" +
    `data: ${JSON.stringify({ ...head, choices: [{ delta: { content: "no index" } }] })}\n\n` +
    words(2) +
    chunk({}, "length") +
    done,
  "logprobs and usage on a text chunk":
    chunk({ role: "assistant", content: "" }) +
    words(2) +
    chunk({ content: "p" }, null, {
      choices: [
        {
          index: 0,
          delta: { content: "p" },
          logprobs: { content: [{ token: "p", logprob: -0.1, top_logprobs: [] }] },
          finish_reason: null,
        },
      ],
    }) +
    chunk({ content: "u" }, null, { usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } }) +
    words(1) +
    chunk({}, "stop") +
    done,
  "comments, event names and ids": `: keep-alive\n\n${chunk({ role: "assistant", content: "a" })}event: message\n${words(1)}id: 7\n${words(1)}${chunk({}, "stop")}${done}`,
  "CRLF line ends": (chunk({ role: "assistant", content: "" }) + words(3) + chunk({}, "stop") + usage + done).replace(
    /\n/g,
    "\r\n",
  ),
  "no metadata fields": [
    `data: {"choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}\n\n`,
    `data: {"choices":[{"index":0,"delta":{"content":"a"}}]}\n\n`,
    `data: {"choices":[{"index":0,"delta":{"content":"b"}}]}\n\n`,
    `data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n`,
  ].join(""),
  "a body that ends without its last blank line": chunk({ role: "assistant", content: "" }) + words(3) + "data: [DONE]",
};

const make: MakeModel = (fetch) => createOpenAI({ apiKey: "sk-test", fetch }).chat("gpt-4.1-mini");

describe("OpenAI chat fast path", () => {
  for (const [name, text] of Object.entries(CASES))
    it(`gives the package's parts: ${name}`, async () => {
      const expected = comparable(await parts(make, OPENAI_CHAT, false, text, 0));
      for (const piece of [0, 1, 7, 64])
        expect(comparable(await parts(make, OPENAI_CHAT, true, text, piece))).toEqual(expected);
    });

  it("takes the fast path for the text deltas of a reply (and only those)", async () => {
    const text = CASES["a text reply (OpenAI's own shape)"]!;
    const deltas = text
      .split("\n\n")
      .filter((b) => plainTextDelta(b.startsWith("data: {") ? JSON.parse(b.slice(6)) : 0));
    expect(deltas).toHaveLength(6);
    expect(plainTextDelta(JSON.parse(chunk({}, "stop").slice(6)))).toBeUndefined();
    expect(plainTextDelta(JSON.parse(usage.slice(6)))).toBeUndefined();
    expect(plainTextDelta({ choices: [{ index: 0, delta: { content: "a", tool_calls: [] } }] })).toBeUndefined();
    expect(plainTextDelta({ choices: [{ index: 0, delta: { content: "a" } }], error: {} })).toBeUndefined();
  });

  it("the package gets every event but the text deltas after the first", async () => {
    const text = CASES["a text reply (OpenAI's own shape)"]!;
    const { fetch, seen } = watchedFetch(text, 9);
    const chat = make(fetch) as ReturnType<ReturnType<typeof createOpenAI>["chat"]>;
    const { stream } = await (fastChatStream(chat) as typeof chat).doStream({
      prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
    });
    const texts: string[] = [];
    for await (const p of stream as unknown as AsyncIterable<{ type: string; delta?: string }>)
      if (p.type === "text-delta") texts.push(p.delta!);
    expect(texts.join("")).toBe("w1 w2 w3 w4 w5 w6 ");
    expect(seen.given).toContain('"content":"w1 "');
    expect(seen.given).not.toContain('"content":"w2 "');
    expect(seen.given).toContain('"finish_reason":"stop"');
    expect(seen.given).toContain('"usage":{');
  });

  it("an error before any output still rejects the call (the SDK's retry sees it)", async () => {
    const text = `data: ${JSON.stringify({ error: { message: "Rate limit reached", type: "rate_limit", code: "rate_limit_exceeded" } })}\n\n`;
    const expected = comparable(await parts(make, OPENAI_CHAT, false, text, 0));
    expect(expected).toHaveProperty("thrown");
    expect(comparable(await parts(make, OPENAI_CHAT, true, text, 3))).toEqual(expected);
  });

  it("a call that asks for raw chunks gets the package's stream untouched", async () => {
    const text = CASES["a text reply (OpenAI's own shape)"]!;
    expect(comparable(await parts(make, OPENAI_CHAT, true, text, 5, true))).toEqual(
      comparable(await parts(make, OPENAI_CHAT, false, text, 5, true)),
    );
  });

  it("a body that fails mid-stream fails the stream after the text before it", async () => {
    const text = chunk({ role: "assistant", content: "" }) + words(4);
    const failing = (fast: boolean) => {
      const bytes = new TextEncoder().encode(text);
      const f = async () =>
        new Response(
          new ReadableStream({
            start(c) {
              c.enqueue(bytes);
              setTimeout(() => c.error(new Error("socket hang up")), 5);
            },
          }),
          { status: 200, headers: { "content-type": "text/event-stream" } },
        );
      const chat = createOpenAI({ apiKey: "sk-test", fetch: fast ? fastStreamFetch(f) : f }).chat("m");
      return (fast ? fastChatStream(chat) : chat) as unknown as typeof chat;
    };
    const run = async (fast: boolean) => (await streamParts(failing(fast))).out!;
    const expected = await run(false);
    expect(expected.filter((p) => (p as { type?: string }).type === "text-delta")).toHaveLength(5);
    expect(String((expected.at(-1) as { failed: unknown }).failed)).toMatch(/Error/);
    expect(await run(true)).toEqual(expected);
  });
});
