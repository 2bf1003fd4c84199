// The fast path must give exactly the parts @ai-sdk/openai gives for the same wire bytes (decision 116):
// each case runs the package alone and through the fast path, on whole and on split bodies.
import { describe, expect, it } from "vitest";
import { createOpenAI } from "@ai-sdk/openai";
import { OPENAI_CHAT, plainTextDelta } from "./openai-chat-fast-dialect";
import { fastChatStream, fastStreamFetch } from "./openai-chat-fast-stream";
import { comparable, parts, streamParts, watchedFetch, type MakeModel } from "../test/fast-stream-equivalence";
import { chunk, usage, words, CASES } from "../test/openai-chat-cases";

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
