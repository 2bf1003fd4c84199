// What reading a model's stream costs per token before the rest of a reply: CPU microseconds per token
// for N concurrent replies paced at R tokens/s, against the fake provider in its own process, layer by
// layer — the response body alone (through `fetch`, undici's `request()` and `node:http`), a hand-written SSE split and JSON.parse (what a bare proxy pays),
// the provider's `doStream()` (its package's SSE, JSON and zod layers), the same through the chat fast path
// (decisions 116, 121), the reply's own step loop (`runSteps`: `streamLanguageModelCall` per step, decision
// 099) and `streamText().fullStream`. The provider is OpenAI (@ai-sdk/openai), Azure (@ai-sdk/azure and its
// own copy of @ai-sdk/openai) or OpenAI-compatible (@ai-sdk/openai-compatible), all against the fake's
// Chat Completions stream. Rounds are interleaved and the medians of all but the first (warm-up) printed.
//   npx tsx bench/provider-pipeline.ts [concurrent=200] [tokens=200] [tokensPerSecond=200] [rounds=4] \
//     [provider=openai|azure|compatible] [reasoning: every token as vLLM's `reasoning_content`]
import { streamText } from "ai";
import { createOpenAI } from "@ai-sdk/openai";
import { createAzure } from "@ai-sdk/azure";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { readFileSync } from "node:fs";
import { runSteps } from "../src/server/chat/step-loop";
import { startFakeProvider } from "./setup";
import { fastChatStream, fastStreamFetch } from "../src/server/ai/openai-chat-fast-stream";
import { OPENAI_CHAT } from "../src/server/ai/openai-chat-fast-dialect";
import { OPENAI_COMPATIBLE_CHAT } from "../src/server/ai/openai-compatible-fast-dialect";

const concurrent = Number(process.argv[2] ?? 200);
const tokens = Number(process.argv[3] ?? 200);
const rate = Number(process.argv[4] ?? 200);
const rounds = Math.max(2, Number(process.argv[5] ?? 4));
const provider = process.argv[6] ?? "openai";
const reasoning = process.argv[7] === "reasoning";
const port = Number(process.env.BENCH_PORT) || 42000 + Math.floor(Math.random() * 1000);
await startFakeProvider(port);
const url = `http://127.0.0.1:${port}/v1`;
type Fetch = typeof globalThis.fetch;
/** The provider's chat model as models.ts makes it, with the given fetch. */
const chatModel = (fetch?: Fetch) => {
  if (provider === "azure")
    // The fake wants a Bearer key; Azure's own `api-key` header goes along unread.
    return createAzure({ baseURL: url, apiKey: "k", headers: { authorization: "Bearer sk-bench" }, fetch }).chat(
      "gpt-4.1",
    );
  if (provider === "compatible")
    return createOpenAICompatible({
      name: "openai-compatible",
      baseURL: url,
      apiKey: "sk-bench",
      includeUsage: true,
      fetch,
    }).chatModel("gpt-4.1");
  if (provider !== "openai") throw new Error(`Unknown provider ${provider} (openai, azure or compatible)`);
  return createOpenAI({ apiKey: "sk-bench", baseURL: url, fetch }).chat("gpt-4.1");
};
const model = chatModel() as ReturnType<ReturnType<typeof createOpenAI>["chat"]>;
// The server's model: text deltas read by hand, the rest by the package (decisions 116, 121).
const fastModel = fastChatStream(
  chatModel(fastStreamFetch((i, o) => fetch(i, o))),
  provider === "compatible" ? OPENAI_COMPATIBLE_CHAT : OPENAI_CHAT,
) as typeof model;
const prompt = `[bench:${rate}:${tokens}${reasoning ? ":reasoning" : ""}]`;
const isToken = (type: string) => type === "text-delta" || type === "reasoning-delta";

const post = () =>
  fetch(`${url}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer sk-bench" },
    body: JSON.stringify({ model: "gpt-4.1", stream: true, messages: [{ role: "user", content: prompt }] }),
  });

async function body() {
  const reader = (await post()).body!.getReader();
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return n;
    n += value.length ? 1 : 0;
  }
}

const reqBody = () => JSON.stringify({ model: "gpt-4.1", stream: true, messages: [{ role: "user", content: prompt }] });
const reqHeaders = { "content-type": "application/json", authorization: "Bearer sk-bench" };

/** The body through undici's own request API: a Node stream, read by its `data` events. */
async function undiciBody() {
  const { request } = await import("undici");
  const res = await request(`${url}/chat/completions`, { method: "POST", headers: reqHeaders, body: reqBody() });
  let n = 0;
  res.body.on("data", (b: Buffer) => void (n += b.length ? 1 : 0));
  await new Promise((r) => res.body.on("end", r));
  return n;
}

/** The body through node:http, read by its `data` events. */
const agent = new (await import("node:http")).Agent({ keepAlive: true });
async function nodeHttpBody() {
  const http = await import("node:http");
  return new Promise<number>((resolve, reject) => {
    const req = http.request(`${url}/chat/completions`, { method: "POST", headers: reqHeaders, agent }, (res) => {
      let n = 0;
      res.on("data", (b: Buffer) => void (n += b.length ? 1 : 0));
      res.on("end", () => resolve(n));
    });
    req.on("error", reject);
    req.end(reqBody());
  });
}

async function handSse() {
  const reader = (await post()).body!.getReader();
  const dec = new TextDecoder();
  let buffer = "";
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return n;
    buffer += dec.decode(value, { stream: true });
    for (let i = buffer.indexOf("\n\n"); i >= 0; i = buffer.indexOf("\n\n")) {
      const data = buffer.slice(6, i);
      buffer = buffer.slice(i + 2);
      if (
        data !== "[DONE]" &&
        (JSON.parse(data) as { choices: Array<{ delta?: { content?: string; reasoning_content?: string } }> })
          .choices[0]?.delta?.[reasoning ? "reasoning_content" : "content"]
      )
        n++;
    }
  }
}

async function doStream(m = model) {
  const { stream } = await m.doStream({ prompt: [{ role: "user", content: [{ type: "text", text: prompt }] }] });
  const reader = stream.getReader();
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return n;
    if (isToken(value.type)) n++;
  }
}

async function stepLoop(m = model) {
  let n = 0;
  await runSteps(
    {
      model: m,
      system: "",
      messages: [{ role: "user", content: prompt }],
      tools: {},
      maxSteps: 1,
      abortSignal: new AbortController().signal,
      maxRetries: 0,
    },
    (part) => void (isToken(part.type) && n++),
  );
  return n;
}

async function viaStreamText() {
  const result = streamText({ model, messages: [{ role: "user", content: prompt }], maxRetries: 0 });
  let n = 0;
  for await (const part of result.fullStream) if (isToken(part.type)) n++;
  return n;
}

const variants = [
  ["response body only", body],
  ["undici.request body", undiciBody],
  ["node:http body", nodeHttpBody],
  ["hand SSE + JSON.parse", handSse],
  ["provider doStream()", doStream],
  ["doStream() fast path", () => doStream(fastModel)],
  ["reply step loop", stepLoop],
  ["step loop, fast path", () => stepLoop(fastModel)],
  ["streamText().fullStream", viaStreamText],
] as const;
const samples = new Map<string, number[]>(variants.map(([name]) => [name, []]));
console.log(
  `${provider}${reasoning ? " (reasoning tokens)" : ""}: ${concurrent} concurrent replies of ${tokens} tokens at ${rate} tokens/s; CPU of this process per token`,
);
for (let round = 0; round < rounds; round++) {
  for (const [name, run] of variants) {
    const cpu0 = process.cpuUsage();
    const counts = await Promise.all(Array.from({ length: concurrent }, run));
    const cpu = process.cpuUsage(cpu0);
    if (round > 0) samples.get(name)!.push((cpu.user + cpu.system) / counts.reduce((a, b) => a + b, 0));
  }
}
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
for (const [name, v] of samples) {
  const perToken = median(v);
  console.log(
    `  ${name.padEnd(26)} ${perToken.toFixed(1)} µs/token (${v.map((x) => x.toFixed(0)).join(", ")}) → ` +
      `${((perToken * 50_000) / 1e6).toFixed(2)} cores for 1,000 streams at 50 tokens/s`,
  );
}
console.log(`  load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);
process.exit(0);
