// Time to first token through POST /api/chat versus calling the fake provider directly, interleaved
// in one run. Prints the median and p99 milliseconds our server adds.
//   npx tsx bench/ttft.ts [iterations]
import { serve } from "@hono/node-server";
import { startFakeProvider } from "../e2e/support/fake-provider";
import { loadConfig } from "../src/server/config";
import { createServices } from "../src/server/services";
import { createApp } from "../src/server/app";
import { setLogLevel } from "../src/server/logger";
import { fmt, percentile, provision, tempDataDir } from "./setup";

const iterations = Number(process.argv[2] ?? 200);
const fake = await startFakeProvider();
process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
setLogLevel("error");
const config = loadConfig({ DATA_DIR: tempDataDir(), PORT: "0", LOG_LEVEL: "error", AUTH_RATE_LIMIT_MAX: "100000", PUBLIC_URL: "http://localhost" });
const services = await createServices(config, { inMemoryDb: true });
const app = createApp({ config, auth: services.auth });
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
await new Promise((r) => server.once("listening", r));
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
const { token, agentId } = await provision(base);

async function firstByte(url: string, init: RequestInit, isToken: (s: string) => boolean) {
  const t0 = performance.now();
  const res = await fetch(url, init);
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  let seen = "";
  let ttft = -1;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    seen += dec.decode(value, { stream: true });
    if (ttft < 0 && isToken(seen)) ttft = performance.now() - t0;
  }
  return ttft;
}

const direct = () =>
  firstByte(`${fake.url}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "gpt-4.1", stream: true, messages: [{ role: "user", content: "hello" }] }),
  }, (s) => s.includes('"content":"You'));

const viaApi = () =>
  firstByte(`${base}/api/chat`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ agentId, threadId: null, messages: [{ id: crypto.randomUUID(), role: "user", content: "hello" }] }),
  }, (s) => s.includes('0:"'));

for (let i = 0; i < 10; i++) await Promise.all([direct(), viaApi()]); // warm up
const d: number[] = [];
const a: number[] = [];
for (let i = 0; i < iterations; i++) {
  d.push(await direct());
  a.push(await viaApi());
}
const added = a.map((v, i) => v - d[i]!);
console.log(`TTFT over ${iterations} interleaved runs (ms)`);
console.log(`  direct to provider: median ${fmt(percentile(d, 50))}  p99 ${fmt(percentile(d, 99))}`);
console.log(`  through /api/chat:  median ${fmt(percentile(a, 50))}  p99 ${fmt(percentile(a, 99))}`);
console.log(`  added by Switchboard: median ${fmt(percentile(added, 50))}  p99 ${fmt(percentile(added, 99))}  (goal ≤ 2 / ≤ 5)`);
server.close();
await fake.close();
await services.database.close();
process.exit(0);
