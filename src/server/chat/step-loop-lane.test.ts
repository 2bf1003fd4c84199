// The step loop takes a fast-path model's plain deltas straight from the response body's reader, past the
// package's stream and the AI SDK's part transform (decision 139). For the same wire bytes it must hand on
// exactly the parts, and send exactly the next steps' requests (the text before a tool call included), that
// it does with the provider package alone: real OpenAI and OpenAI-compatible streams, whole and split.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { tool, type LanguageModel, type ToolSet } from "ai";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { runSteps } from "./step-loop";
import { fastChatStream, fastStreamFetch } from "../ai/openai-chat-fast-stream";
import { OPENAI_CHAT, type FastDialect } from "../ai/openai-chat-fast-dialect";
import { DirectLane } from "../ai/fast-stream-tap";
import { OPENAI_COMPATIBLE_CHAT } from "../ai/openai-compatible-fast-dialect";
import { setReadGate } from "../ai/read-gate";
import { httpSend } from "../net/http-send";
import { handedToSdk } from "./direct-model-call";
import { body, comparable, type MakeModel } from "../test/fast-stream-equivalence";
import { CASES as OPENAI_CASES, chunk, done, usage, words } from "../test/openai-chat-cases";
import { CASES as COMPATIBLE_CASES } from "../test/openai-compatible-cases";

type Fetch = typeof globalThis.fetch;

const TOOLS: ToolSet = {
  lookup: tool({
    description: "Looks a word up",
    inputSchema: z.object({ q: z.string().optional() }),
    execute: async ({ q }) => ({ found: q ?? "nothing" }),
  }),
  other: tool({ description: "Another", inputSchema: z.object({}), execute: async () => "ok" }),
};

/** The step loop as these tests run it: a short system prompt, one user message, the test tools, no retries. */
const stepsOf = (model: LanguageModel, maxSteps: number, onPart: Parameters<typeof runSteps>[1]) =>
  runSteps(
    {
      model,
      system: "Be brief.",
      messages: [{ role: "user", content: "hi" }],
      tools: TOOLS,
      maxSteps,
      abortSignal: new AbortController().signal,
      maxRetries: 0,
    },
    onPart,
  );

const openai: MakeModel = (fetch) => createOpenAI({ apiKey: "sk-test", fetch }).chat("gpt-4.1-mini");
const compatible: MakeModel = (fetch) =>
  createOpenAICompatible({ name: "openai-compatible", baseURL: "http://llm.local/v1", includeUsage: true, fetch })
    // As models.ts makes it (usage asked for, no metadata extractor).
    .chatModel("qwen3-8b");

const FOLLOW_UP = chunk({ role: "assistant", content: "" }) + words(3) + chunk({}, "stop") + "data: [DONE]\n\n";

/** Whether a lane handed over a delta in the last run. */
let laneUsed = false;
const mark = DirectLane.prototype.mark;
/** The lane that read the last mark. */
let lastLane: DirectLane | undefined;
const laneOf = (lane: DirectLane) => lane;
vi.spyOn(DirectLane.prototype, "mark").mockImplementation(function (this: DirectLane, n: number) {
  mark.call(this, n);
  lastLane = laneOf(this);
  laneUsed ||= this.used;
});
// Deltas after the event that opened the text come once its mark is read (decision 140): seen at the end.
const close = DirectLane.prototype.close;
vi.spyOn(DirectLane.prototype, "close").mockImplementation(function (this: DirectLane) {
  close.call(this);
  laneUsed ||= this.used;
});

/** The parts a reply's three steps hand on, and what they threw, if anything. */
async function partsOf(model: LanguageModel) {
  const parts: unknown[] = [];
  let failed: unknown;
  laneUsed = false;
  try {
    await stepsOf(model, 3, (p) => void parts.push(p));
  } catch (err) {
    failed = err;
  }
  return { parts, failed };
}

/** The parts a reply's steps hand on, the requests they send and how they end, for one first response. */
async function reply(
  make: MakeModel,
  dialect: FastDialect,
  fast: boolean,
  first: string,
  piece: number,
  /** The first body fails after its bytes (a socket hang-up) instead of ending. */
  hangUp = false,
  /** Read by the direct reader (decision 141), OpenAI's package only. */
  direct = false,
) {
  const requests: unknown[] = [];
  const failing = (text: string) =>
    new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode(text));
        setTimeout(() => c.error(new Error("socket hang up")), 5);
      },
    });
  const f: Fetch = async (_input, init) => {
    requests.push(JSON.parse(String(init?.body)));
    const text = requests.length === 1 ? first : FOLLOW_UP;
    return new Response(hangUp && requests.length === 1 ? failing(text) : body(text, piece), {
      status: 200,
      headers: { "content-type": "text/event-stream" },
    });
  };
  const chat = make(fast ? fastStreamFetch(f) : f);
  const model = (fast ? fastChatStream(chat as never, dialect, { direct }) : chat) as LanguageModel;
  return comparable({ ...(await partsOf(model)), requests });
}

describe("the step loop's direct lane (decision 139)", () => {
  const suites: Array<[string, MakeModel, FastDialect, Record<string, string>]> = [
    ["OpenAI", openai, OPENAI_CHAT, OPENAI_CASES],
    ["OpenAI-compatible", compatible, OPENAI_COMPATIBLE_CHAT, COMPATIBLE_CASES],
  ];
  for (const [suite, make, dialect, cases] of suites)
    for (const [name, text] of Object.entries(cases))
      it(`${suite}: the parts and requests of the package alone: ${name}`, async () => {
        const expected = await reply(make, dialect, false, text, 0);
        for (const piece of [0, 1, 7, 64]) expect(await reply(make, dialect, true, text, piece)).toEqual(expected);
        // Read directly (decision 141): the same parts, whichever event hands the stream over to the package.
        if (dialect === OPENAI_CHAT)
          for (const piece of [0, 1, 7, 64])
            expect(await reply(make, dialect, true, text, piece, false, true)).toEqual(expected);
      });

  it("takes the lane for a reply's text, and the next step's request carries all of it", async () => {
    const text = OPENAI_CASES["text, then a tool call"]!;
    const fast = (await reply(openai, OPENAI_CHAT, true, text, 0)) as {
      parts: Array<{ type: string; text?: string }>;
      requests: Array<{ messages: Array<{ role: string; content: unknown }> }>;
    };
    expect(laneUsed).toBe(true);
    const texts = fast.parts.filter((p) => p.type === "text-delta").map((p) => p.text);
    expect(texts.join("")).toBe("w1 w2 w3 w1 w2 w1 w2 w3 ");
    expect(fast.requests).toHaveLength(2);
    const assistant = fast.requests[1]!.messages.find((m) => m.role === "assistant");
    expect(assistant?.content).toBe("w1 w2 w3 w1 w2 ");
    expect(fast.parts.map((p) => p.type)).toContain("tool-result");
  });

  it("a body that fails mid-reply ends the steps the same way, after the same text", async () => {
    const text = chunk({ role: "assistant", content: "" }) + words(4);
    const expected = (await reply(openai, OPENAI_CHAT, false, text, 0, true)) as {
      parts: Array<{ type: string }>;
      failed?: { message: string };
    };
    expect(expected.parts.filter((p) => p.type === "text-delta")).toHaveLength(5);
    expect(expected.failed?.message).toBeTruthy();
    expect(await reply(openai, OPENAI_CHAT, true, text, 0, true)).toEqual(expected);
    expect(laneUsed).toBe(true);
  });

  it("decision 140: the first text part's hold keeps back every later part, the lane's deltas too", async () => {
    // One read holding the whole reply, as a fast provider's first packet can.
    const text = chunk({ role: "assistant", content: "" }) + words(6) + chunk({}, "stop") + usage + done;
    const expected = (await reply(openai, OPENAI_CHAT, false, text, 0)) as { parts: Array<{ type: string }> };
    for (const [piece, direct] of [
      [0, false],
      [64, false],
      [0, true],
      [64, true],
    ] as const) {
      const events: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const parts: unknown[] = [];
      const f: Fetch = async () =>
        new Response(body(text, piece), { status: 200, headers: { "content-type": "text/event-stream" } });
      const model = fastChatStream(openai(fastStreamFetch(f)) as never, OPENAI_CHAT, { direct }) as LanguageModel;
      laneUsed = false;
      const steps = stepsOf(model, 3, (p) => {
        parts.push(p);
        // As the reply's handler: an empty delta (the package's for `content: ""`) is no line.
        if (p.type !== "text-delta" || !p.text) return;
        events.push(p.text);
        if (events.length === 1) return held.then(() => void events.push("released"));
      });
      await new Promise((r) => setTimeout(r, 30));
      // Nothing after the first text while its hold lasts: not the package's parts, not the lane's deltas.
      expect(events).toEqual(["w1 "]);
      expect(parts.at(-1)).toMatchObject({ type: "text-delta", text: "w1 " });
      // And the body's reader has not handled the rest of the read meanwhile: no delta waits in its queue.
      expect(lastLane?.tap?.pausedAt).toBeGreaterThan(0);
      expect(lastLane?.tap?.queue).toEqual([]);
      release();
      await steps;
      expect(events).toEqual(["w1 ", "released", "w2 ", "w3 ", "w4 ", "w5 ", "w6 "]);
      expect(laneUsed).toBe(true);
      expect(comparable({ parts, requests: [], failed: undefined })).toEqual(
        comparable({ parts: expected.parts, requests: [], failed: undefined }),
      );
    }
  });

  it("decision 146: while the read gate is shut a direct reply reads no further after its first text; then all of it, in order", async () => {
    const text = chunk({ role: "assistant", content: "" }) + words(6) + chunk({}, "stop") + usage + done;
    let open!: () => void;
    let shut = true;
    const opened = new Promise<void>((r) => (open = r));
    let asked = 0;
    setReadGate(() => {
      asked++;
      return shut ? opened : undefined;
    });
    try {
      const f: Fetch = async () =>
        new Response(body(text, 40), { status: 200, headers: { "content-type": "text/event-stream" } });
      const model = fastChatStream(openai(fastStreamFetch(f)) as never, OPENAI_CHAT, { direct: true }) as LanguageModel;
      const texts: string[] = [];
      const types: string[] = [];
      const steps = stepsOf(model, 1, (p) => {
        types.push(p.type);
        if (p.type === "text-delta" && p.text) texts.push(p.text);
      });
      await new Promise((r) => setTimeout(r, 40));
      // The reply's own first token is not held (it is read before its stream is returned)…
      expect(texts[0]).toBe("w1 ");
      // …but no read after it: what the reads so far held, and nothing of the rest.
      expect(asked).toBeGreaterThan(0);
      expect(texts.length).toBeLessThan(6);
      expect(types).not.toContain("finish");
      shut = false;
      open();
      await steps;
      expect(texts).toEqual(["w1 ", "w2 ", "w3 ", "w4 ", "w5 ", "w6 "]);
      expect(types).toContain("finish");
    } finally {
      setReadGate(undefined);
    }
  });

  it("decision 146: a gate that stays shut (chats waiting all along) still lets each read through after one wait", async () => {
    const text = chunk({ role: "assistant", content: "" }) + words(6) + chunk({}, "stop") + usage + done;
    let waits = 0;
    // Never undefined: every read finds chats waiting, and each wait ends with its hold.
    setReadGate(() => {
      waits++;
      return new Promise<void>((r) => setTimeout(r, 5));
    });
    try {
      const f: Fetch = async () =>
        new Response(body(text, 40), { status: 200, headers: { "content-type": "text/event-stream" } });
      const model = fastChatStream(openai(fastStreamFetch(f)) as never, OPENAI_CHAT, { direct: true }) as LanguageModel;
      const texts: string[] = [];
      await stepsOf(model, 1, (p) => {
        if (p.type === "text-delta" && p.text) texts.push(p.text);
      });
      expect(texts).toEqual(["w1 ", "w2 ", "w3 ", "w4 ", "w5 ", "w6 "]);
      expect(waits).toBeGreaterThan(1);
    } finally {
      setReadGate(undefined);
    }
  });

  it("decision 141: a plain reply is read directly, the package never given its body; a tool call hands it over", async () => {
    const calls = async (text: string) => {
      let doStreams = 0;
      let bodies = 0;
      let argsBuilt = 0;
      const f: Fetch = async () => {
        bodies++;
        return new Response(body(text, 0), { status: 200, headers: { "content-type": "text/event-stream" } });
      };
      const chat = openai(fastStreamFetch(f)) as {
        doStream: (o: unknown) => Promise<unknown>;
        getArgs: (o: unknown) => Promise<unknown>;
      };
      const own = chat.doStream.bind(chat);
      chat.doStream = (o) => {
        doStreams++;
        return own(o);
      };
      const ownArgs = chat.getArgs.bind(chat);
      chat.getArgs = (o) => {
        argsBuilt++;
        return ownArgs(o);
      };
      const parts: Array<{ type: string }> = [];
      const handed = handedToSdk.count;
      await stepsOf(
        fastChatStream(chat as never, OPENAI_CHAT, { direct: true }) as LanguageModel,
        1,
        (p) => void parts.push(p),
      );
      return { doStreams, bodies, argsBuilt, parts, sdkCalls: handedToSdk.count - handed };
    };
    const plain = await calls(OPENAI_CASES["OpenAI's current fields, usage with details"]!);
    // One request, whose response the package never read: its doStream ran once (for the request).
    // Its arguments built once, by the package's request (kept for the reader's first part and `request`).
    // And its parts never went through the SDK's part pipeline (decision 149).
    expect(plain).toMatchObject({ doStreams: 1, bodies: 1, argsBuilt: 1, sdkCalls: 0 });
    expect(plain.parts.map((p) => p.type)).toContain("finish");
    const tools = await calls(OPENAI_CASES["tool calls"]!);
    // Handed over at the first tool-call event: the package's doStream again, given the response, no new request.
    // And the SDK's part pipeline took over at that event, once.
    expect(tools).toMatchObject({ doStreams: 2, bodies: 1, sdkCalls: 1 });
    expect(tools.parts.map((p) => p.type)).toContain("tool-call");
  });

  it("reasoning, then text: the lane takes both kinds (OpenAI-compatible)", async () => {
    const text = COMPATIBLE_CASES["vLLM: reasoning, then text, usage, [DONE]"]!;
    await reply(compatible, OPENAI_COMPATIBLE_CHAT, true, text, 0);
    expect(laneUsed).toBe(true);
  });
});

describe("the direct reader over node:http (decision 147)", () => {
  // A loopback provider: each request gets the next of `bodies`, written `piece` bytes at a time (a turn of
  // the event loop between writes, so they come as separate reads), the socket destroyed after it with `hangUp`.
  let server: Server;
  let base = "";
  let bodies: string[] = [];
  let piece = 0;
  let hangUp = false;
  const requests: unknown[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = "";
      req.on("data", (d: Buffer) => (raw += d));
      req.on("end", async () => {
        requests.push(JSON.parse(raw));
        const text = bodies[Math.min(requests.length, bodies.length) - 1]!;
        res.writeHead(200, { "content-type": "text/event-stream" });
        const bytes = Buffer.from(text);
        const step = piece || bytes.length;
        for (let i = 0; i < bytes.length; i += step) {
          res.write(bytes.subarray(i, i + step));
          await new Promise((r) => setImmediate(r));
        }
        if (hangUp && requests.length === 1) res.socket?.destroy();
        else res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  /** A reply's parts and requests, read by the package alone (`fetch`) or directly with node:http's answer. */
  async function overSocket(text: string, direct: boolean, opts: { piece?: number; hangUp?: boolean } = {}) {
    bodies = [text, FOLLOW_UP];
    piece = opts.piece ?? 0;
    hangUp = !!opts.hangUp;
    requests.length = 0;
    let fetched = 0;
    const f: Fetch = (input, init) => {
      fetched++;
      return globalThis.fetch(input, init);
    };
    const chat = createOpenAI({
      apiKey: "sk-test",
      baseURL: base,
      fetch: direct ? fastStreamFetch(f, httpSend(f)) : f,
    });
    const model = direct
      ? fastChatStream(chat.chat("gpt-4.1-mini"), OPENAI_CHAT, { direct })
      : chat.chat("gpt-4.1-mini");
    const { parts, failed } = await partsOf(model);
    // Read directly, every request went out through node:http: none through fetch.
    if (direct) expect(fetched).toBe(0);
    return comparable({ parts, requests: [...requests], failed });
  }

  for (const [name, text] of Object.entries(OPENAI_CASES))
    it(`the parts and requests of the package alone: ${name}`, async () => {
      const expected = await overSocket(text, false);
      for (const p of [0, 7, 64]) expect(await overSocket(text, true, { piece: p })).toEqual(expected);
    });

  it("a connection that closes mid-reply ends the steps the same way, after the same text", async () => {
    const text = chunk({ role: "assistant", content: "" }) + words(4);
    const expected = (await overSocket(text, false, { hangUp: true })) as {
      parts: Array<{ type: string }>;
      failed?: unknown;
    };
    expect(expected.parts.filter((p) => p.type === "text-delta")).toHaveLength(5);
    // The package's own failure for a body that broke off (its APICallError), which the reply reports.
    expect(expected.failed).toMatchObject({ class: "APICallError" });
    expect(await overSocket(text, true, { hangUp: true })).toEqual(expected);
    expect(laneUsed).toBe(true);
  });
});
