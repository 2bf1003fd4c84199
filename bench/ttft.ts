// Time to first token through POST /api/chat versus calling the fake provider directly, interleaved
// in one run. Server, fake provider and this client run in separate processes (as in production,
// where the provider is remote), so the figure is what a client waits for beyond the provider itself.
// Prints the median and p99 milliseconds our server adds.
//   npx tsx bench/ttft.ts [iterations]        (DATABASE_URL=… to measure on PostgreSQL)
// BENCH_TRACE=1 also prints, per stage of the server's way to the first token, the median time since the
// request's headers and the median wall and CPU time of the stage (bench/ttft-trace.mjs, decision 112).
// BENCH_AB=a.js,b.js: one server per bundle (each with its own fake provider, on BENCH_PORT, +2, …), their
// requests interleaved one by one, so both see the same machine; prints each and the per-request
// differences against the first (an A/B pair of builds, decision 112).
// BENCH_GAP_MS=n: n ms of idle after each request, as peerbench's interleaving of five systems leaves the server
// idle between its requests (wake-ups from idle cost here: bench/README.md, session 28).
// BENCH_FOLLOWUP=n: each measured chat continues one of n threads in turn (a user's next message), not a new one.
// BENCH_PROVIDER=openai_compatible: the agent's model goes through the outbound guard (a fresh pinned
// connection per model call), with the fake provider allowed by OUTBOUND_ALLOW_HOSTS.
import { directFirstToken, firstToken, fmt, json, percentile, provision, startBenchServers } from "./setup";

const iterations = Number(process.argv[2] ?? 200);
const followUp = Number(process.env.BENCH_FOLLOWUP ?? 0);

/** Median per stage over the chats whose stages came in the most common order. */
function printStages(traces: Array<Array<[string, number, number]>>) {
  const key = (t: Array<[string, number, number]>) => t.map((m) => m[0]).join("|");
  const counts = new Map<string, number>();
  for (const t of traces) counts.set(key(t), (counts.get(key(t)) ?? 0) + 1);
  const common = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const same = traces.filter((t) => key(t) === common);
  const fresh = traces.filter((t) => t.some((m) => m[0].includes("NEW CONNECTION"))).length;
  console.log(`  new connections to the provider: ${fresh} of ${traces.length} chats`);
  console.log(`  stages (${same.length} of ${traces.length} chats in this order; medians, ms):`);
  console.log(`    ${"at".padStart(7)} ${"wall".padStart(7)} ${"cpu".padStart(7)}  stage`);
  same[0]?.forEach(([stage], i) => {
    const med = (f: (t: Array<[string, number, number]>) => number) => percentile(same.map(f), 50);
    const at = med((t) => t[i]![1]);
    const wall = i ? med((t) => t[i]![1] - t[i - 1]![1]) : 0;
    const cpu = i ? med((t) => t[i]![2] - t[i - 1]![2]) : 0;
    console.log(`    ${fmt(at).padStart(7)} ${fmt(wall).padStart(7)} ${fmt(cpu).padStart(7)}  ${stage}`);
  });
}

const entries = process.env.BENCH_AB ? process.env.BENCH_AB.split(",") : [undefined];
const firstPort = Number(process.env.BENCH_PORT) || 41000 + Math.floor(Math.random() * 1000);
const variants = [];
const compatible = process.env.BENCH_PROVIDER === "openai_compatible";
if (compatible) process.env.OUTBOUND_ALLOW_HOSTS = entries.map((_, i) => `127.0.0.1:${firstPort + 2 * i}`).join(",");
for (const [i, entry] of entries.entries()) {
  const servers = await startBenchServers({ port: firstPort + 2 * i, entry });
  const provisioned = await provision(servers.base);
  const { token } = provisioned;
  let agentId = provisioned.agentId;
  if (compatible) {
    await json(`${servers.base}/api/updateConnections`, {
      method: "POST",
      token,
      body: JSON.stringify({
        action: "create",
        key: "openai_compatible",
        data: { BASE_URL: `${servers.fakeUrl}/v1`, API_KEY: "sk-bench", MODELS: "gpt-4.1" },
      }),
    });
    agentId = (
      await json(`${servers.base}/api/agents`, {
        method: "POST",
        token,
        body: JSON.stringify({ name: "Bench agent (compatible)", model: "openai_compatible:gpt-4.1" }),
      })
    ).body.id;
  }
  const direct = () => directFirstToken(servers.fakeUrl);
  // Once BENCH_FOLLOWUP threads exist (the warm-up starts them), each chat continues one of them in turn.
  const threads: string[] = [];
  let turn = 0;
  const viaApi = () => {
    const threadId = followUp && threads.length >= followUp ? threads[turn++ % followUp]! : null;
    return firstToken(
      `${servers.base}/api/chat`,
      {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({
          agentId,
          threadId,
          messages: [{ id: crypto.randomUUID(), role: "user", content: "hello" }],
        }),
      },
      (s) => s.includes('0:"'),
      (res) => {
        if (!threadId && followUp) threads.push(res.headers.get("x-thread-id")!);
      },
    );
  };
  variants.push({ name: entry ?? "server", servers, direct, viaApi, d: [] as number[], a: [] as number[] });
}

for (let i = 0; i < Math.max(20, followUp); i++) {
  for (const v of variants) {
    await v.direct();
    await v.viaApi();
  }
}
// BENCH_PROFILE=1: each server's CPU profile of the measured runs (bench/cpu-profile.mjs).
if (process.env.BENCH_PROFILE) for (const v of variants) v.servers.server.child.kill("SIGUSR2");
for (let i = 0; i < iterations; i++) {
  // Alternating which variant goes first, so neither always follows the other.
  const order = i % 2 ? [...variants].reverse() : variants;
  for (const v of order) {
    v.d.push(await v.direct());
    if (process.env.BENCH_GAP_MS) await new Promise((r) => setTimeout(r, Number(process.env.BENCH_GAP_MS)));
    v.a.push(await v.viaApi());
    if (process.env.BENCH_GAP_MS) await new Promise((r) => setTimeout(r, Number(process.env.BENCH_GAP_MS)));
  }
}
if (process.env.BENCH_PROFILE) {
  for (const v of variants) v.servers.server.child.kill("SIGUSR2");
  await new Promise((r) => setTimeout(r, 3000));
}
console.log(
  `TTFT over ${iterations} interleaved runs (ms), ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite (the default)"}`,
);
const added = variants.map((v) => v.a.map((x, i) => x - v.d[i]!));
for (const [k, v] of variants.entries()) {
  if (variants.length > 1) console.log(`${v.name}:`);
  console.log(`  direct to provider: median ${fmt(percentile(v.d, 50))}  p99 ${fmt(percentile(v.d, 99))}`);
  console.log(`  through /api/chat:  median ${fmt(percentile(v.a, 50))}  p99 ${fmt(percentile(v.a, 99))}`);
  console.log(
    `  added by Switchboard: median ${fmt(percentile(added[k]!, 50))}  p99 ${fmt(percentile(added[k]!, 99))}  (goal ≤ 3 / ≤ 15 on PostgreSQL, ≤ 5 / ≤ 20 on PGlite)`,
  );
  if (k > 0) {
    const diff = added[k]!.map((x, i) => x - added[0]![i]!);
    console.log(
      `  minus ${variants[0]!.name}, request by request: median ${fmt(percentile(diff, 50))}  (lower in ${diff.filter((x) => x < 0).length} of ${diff.length})`,
    );
  }
  if (process.env.BENCH_TRACE) printStages(v.servers.server.traces.slice(-iterations));
}
for (const v of variants) v.servers.stop();
process.exit(0);
