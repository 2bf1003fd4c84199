// What the AI SDK itself costs per streamed token, before any of our code: CPU microseconds per token
// for N concurrent replies read through `streamText().fullStream` (what /api/chat uses) and through the
// provider's bare `doStream()`, against the fake provider in its own process. It bounds what one
// server process can carry: 1,000 streams at 50 tokens/s are 50,000 tokens/s.
//   npx tsx bench/provider-pipeline.ts [concurrent=200] [tokens=200]
import { streamText } from "ai";
import { createOpenAI } from "@ai-sdk/openai";
import { startProcess } from "./setup";

const concurrent = Number(process.argv[2] ?? 200);
const tokens = Number(process.argv[3] ?? 200);
const port = 42000 + Math.floor(Math.random() * 1000);
const fake = await startProcess(
  process.execPath,
  ["--import", "tsx", "e2e/support/fake-provider.ts"],
  { FAKE_PROVIDER_PORT: String(port) },
  /listening/,
);
const model = createOpenAI({ apiKey: "sk-bench", baseURL: `http://127.0.0.1:${port}/v1` }).chat("gpt-4.1");
// 200 tokens/s per stream: fast enough to load the process, slow enough that it is never idle.
const prompt = `[bench:200:${tokens}]`;

async function viaStreamText() {
  const result = streamText({ model, messages: [{ role: "user", content: prompt }], maxRetries: 0 });
  let n = 0;
  for await (const part of result.fullStream) if (part.type === "text-delta") n++;
  return n;
}

async function viaDoStream() {
  const { stream } = await model.doStream({ prompt: [{ role: "user", content: [{ type: "text", text: prompt }] }] });
  let n = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return n;
    if (value.type === "text-delta") n++;
  }
}

console.log(
  `${concurrent} concurrent replies of ${tokens} tokens; CPU of this process per token (second round, warmed up)`,
);
for (const [name, run] of [
  ["streamText().fullStream", viaStreamText],
  ["provider doStream()", viaDoStream],
] as const) {
  let perToken = 0;
  for (let round = 0; round < 2; round++) {
    const cpu0 = process.cpuUsage();
    const counts = await Promise.all(Array.from({ length: concurrent }, run));
    const cpu = process.cpuUsage(cpu0);
    perToken = (cpu.user + cpu.system) / counts.reduce((a, b) => a + b, 0);
  }
  console.log(
    `  ${name.padEnd(24)} ${perToken.toFixed(1)} µs/token → ${((perToken * 50_000) / 1e6).toFixed(2)} cores for 1,000 streams at 50 tokens/s`,
  );
}
fake.child.kill("SIGTERM");
process.exit(0);
