// CPU of one model call's set-up, per request: what a chat pays before its first token on top of the
// tokens themselves (issue 18: TTFT and the burst of starts). Sequential calls to the fake provider
// (OpenAI's SSE wire format, a 20-token delay-free reply), interleaved: undici's `fetch` alone until
// the body's first read; @ai-sdk/openai's `doStream()` until it returns its stream, then to its first
// text-delta; the same through the chat fast path (decision 116). Prints medians in ms of this
// process's CPU (the fake runs in its own process).
//   npx tsx bench/provider-request-cpu.ts [requests=300]
import { createOpenAI } from "@ai-sdk/openai";
import { startFakeProvider } from "./setup";
import { fastChatStream, fastStreamFetch } from "../src/server/ai/openai-chat-fast-stream";
import { OPENAI_CHAT } from "../src/server/ai/openai-chat-fast-dialect";

const N = Number(process.argv[2] ?? 300);
const port = Number(process.env.BENCH_PORT) || 43000 + Math.floor(Math.random() * 1000);
await startFakeProvider(port);
const url = `http://127.0.0.1:${port}/v1`;
const chat = (fetch?: typeof globalThis.fetch) =>
  createOpenAI({ apiKey: "sk-bench", baseURL: url, fetch }).chat("gpt-4.1");
const model = chat();
const fastModel = fastChatStream(chat(fastStreamFetch((i, o) => fetch(i, o))), OPENAI_CHAT) as typeof model;
const prompt = "[fake:20:0]";
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function bareFetch(): Promise<number[]> {
  const c0 = cpuMs();
  const response = await fetch(`${url}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer sk-bench" },
    body: JSON.stringify({ model: "gpt-4.1", stream: true, messages: [{ role: "user", content: prompt }] }),
  });
  const reader = response.body!.getReader();
  await reader.read();
  const c1 = cpuMs();
  while (!(await reader.read()).done);
  return [c1 - c0];
}

async function doStream(m: typeof model): Promise<number[]> {
  const c0 = cpuMs();
  const { stream } = await m.doStream({ prompt: [{ role: "user", content: [{ type: "text", text: prompt }] }] });
  const c1 = cpuMs();
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done || value.type === "text-delta") break;
  }
  const c2 = cpuMs();
  while (!(await reader.read()).done);
  return [c1 - c0, c2 - c1];
}

const runs: Array<[string, () => Promise<number[]>]> = [
  ["undici fetch, to the body's first read", bareFetch],
  ["doStream(), package", () => doStream(model)],
  ["doStream(), fast path", () => doStream(fastModel)],
];
for (let i = 0; i < 30; i++) for (const [, run] of runs) await run(); // warm-up
const samples = runs.map(() => [] as number[][]);
for (let i = 0; i < N; i++) for (const [k, [, run]] of runs.entries()) samples[k]!.push(await run());
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
console.log(`CPU per model call, medians of ${N} sequential requests (ms):`);
for (const [k, [name]] of runs.entries()) {
  const s = samples[k]!;
  const parts = s[0]!.map((_, j) => median(s.map((x) => x[j]!)).toFixed(3));
  console.log(
    `  ${name}: ${parts.length > 1 ? `${parts[0]} until the stream is returned, +${parts[1]} to the first text-delta` : parts[0]}`,
  );
}
process.exit(0);
