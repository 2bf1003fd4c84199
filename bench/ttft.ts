// Time to first token through POST /api/chat versus calling the fake provider directly, interleaved
// in one run. Server, fake provider and this client run in separate processes (as in production,
// where the provider is remote), so the figure is what a client waits for beyond the provider itself.
// Prints the median and p99 milliseconds our server adds.
//   npx tsx bench/ttft.ts [iterations]        (DATABASE_URL=… to measure on PostgreSQL)
import { directFirstToken, firstToken, fmt, percentile, provision, startBenchServers } from "./setup";

const iterations = Number(process.argv[2] ?? 200);
const servers = await startBenchServers();
const { base, fakeUrl } = servers;
const { token, agentId } = await provision(base);

const direct = () => directFirstToken(fakeUrl);

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
