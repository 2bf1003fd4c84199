// What reading a model's stream costs per token before the rest of a reply: CPU microseconds per token
// for N concurrent replies paced at R tokens/s, against the fake provider in its own process, layer by
// layer — the response body alone, a hand-written SSE split and JSON.parse (what a bare proxy pays),
// the provider's `doStream()` (@ai-sdk/openai: its SSE, JSON and zod layers), the reply's own step loop
// (`runSteps`: `streamLanguageModelCall` per step, decision 099) and `streamText().fullStream`.
// Rounds are interleaved and the medians of all but the first (warm-up) printed.
//   npx tsx bench/provider-pipeline.ts [concurrent=200] [tokens=200] [tokensPerSecond=200] [rounds=4]
import { streamText } from "ai";
import { createOpenAI } from "@ai-sdk/openai";
import { readFileSync } from "node:fs";
import { runSteps } from "../src/server/chat/step-loop";
import { startProcess } from "./setup";

const concurrent = Number(process.argv[2] ?? 200);
const tokens = Number(process.argv[3] ?? 200);
const rate = Number(process.argv[4] ?? 200);
const rounds = Math.max(2, Number(process.argv[5] ?? 4));
const port = Number(process.env.BENCH_PORT) || 42000 + Math.floor(Math.random() * 1000);
const fake = await startProcess(
  process.execPath,
  ["--import", "tsx", "e2e/support/fake-provider.ts"],
  { FAKE_PROVIDER_PORT: String(port) },
  /listening/,
);
// The fake goes with this process however it ends.
process.on("exit", () => fake.child.kill("SIGTERM"));
const url = `http://127.0.0.1:${port}/v1`;
const model = createOpenAI({ apiKey: "sk-bench", baseURL: url }).chat("gpt-4.1");
const prompt = `[bench:${rate}:${tokens}]`;

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
        (JSON.parse(data) as { choices: Array<{ delta?: { content?: string } }> }).choices[0]?.delta?.content
      )
        n++;
    }
  }
}

async function doStream() {
  const { stream } = await model.doStream({ prompt: [{ role: "user", content: [{ type: "text", text: prompt }] }] });
  const reader = stream.getReader();
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return n;
    if (value.type === "text-delta") n++;
  }
}

async function stepLoop() {
  let n = 0;
  await runSteps(
    {
      model,
      system: "",
      messages: [{ role: "user", content: prompt }],
      tools: {},
      maxSteps: 1,
      abortSignal: new AbortController().signal,
      maxRetries: 0,
    },
    (part) => void (part.type === "text-delta" && n++),
  );
  return n;
}

async function viaStreamText() {
  const result = streamText({ model, messages: [{ role: "user", content: prompt }], maxRetries: 0 });
  let n = 0;
  for await (const part of result.fullStream) if (part.type === "text-delta") n++;
  return n;
}

const variants = [
  ["response body only", body],
  ["hand SSE + JSON.parse", handSse],
  ["provider doStream()", doStream],
  ["reply step loop", stepLoop],
  ["streamText().fullStream", viaStreamText],
] as const;
const samples = new Map<string, number[]>(variants.map(([name]) => [name, []]));
console.log(`${concurrent} concurrent replies of ${tokens} tokens at ${rate} tokens/s; CPU of this process per token`);
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
    `  ${name.padEnd(24)} ${perToken.toFixed(1)} µs/token (${v.map((x) => x.toFixed(0)).join(", ")}) → ` +
      `${((perToken * 50_000) / 1e6).toFixed(2)} cores for 1,000 streams at 50 tokens/s`,
  );
}
console.log(`  load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);
fake.child.kill("SIGTERM");
process.exit(0);
