// Time to first token through POST /api/chat versus calling the fake provider directly, interleaved
// in one run. Server, fake provider and this client run in separate processes (as in production,
// where the provider is remote), so the figure is what a client waits for beyond the provider itself.
// Prints the median and p99 milliseconds our server adds.
//   npx tsx bench/ttft.ts [iterations]        (DATABASE_URL=… to measure on PostgreSQL)
import { fmt, percentile, provision, startBenchServers } from "./setup";

const iterations = Number(process.argv[2] ?? 200);
const servers = await startBenchServers();
const { base, fakeUrl } = servers;
const { token, agentId } = await provision(base);

async function firstToken(url: string, init: RequestInit, isToken: (s: string) => boolean) {
  const t0 = performance.now();
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url} → ${res.status} ${await res.text()}`);
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
  firstToken(
    `${fakeUrl}/v1/chat/completions`,
    {
      method: "POST",
      // The fake provider refuses a call without a key, as OpenAI does.
      headers: { "content-type": "application/json", authorization: "Bearer sk-bench" },
      body: JSON.stringify({ model: "gpt-4.1", stream: true, messages: [{ role: "user", content: "hello" }] }),
    },
    (s) => s.includes('"content":"You'),
  );

const viaApi = () =>
  firstToken(
    `${base}/api/chat`,
    {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        agentId,
        threadId: null,
        messages: [{ id: crypto.randomUUID(), role: "user", content: "hello" }],
      }),
    },
    (s) => s.includes('0:"'),
  );

for (let i = 0; i < 20; i++) {
  await direct();
  await viaApi();
}
const d: number[] = [];
const a: number[] = [];
for (let i = 0; i < iterations; i++) {
  d.push(await direct());
  a.push(await viaApi());
}
const added = a.map((v, i) => v - d[i]!);
console.log(
  `TTFT over ${iterations} interleaved runs (ms), ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite (the default)"}`,
);
console.log(`  direct to provider: median ${fmt(percentile(d, 50))}  p99 ${fmt(percentile(d, 99))}`);
console.log(`  through /api/chat:  median ${fmt(percentile(a, 50))}  p99 ${fmt(percentile(a, 99))}`);
console.log(
  `  added by Switchboard: median ${fmt(percentile(added, 50))}  p99 ${fmt(percentile(added, 99))}  (goal ≤ 2 / ≤ 5)`,
);
servers.stop();
process.exit(0);
