// Many concurrent chat streams at 50 tokens/s: the inter-token gap our server adds (p99), the server's
// event-loop lag and its RSS. Server, fake provider and clients run in separate processes.
//   npx tsx bench/concurrent-streams.ts [100,500,1000] [tokensPerStream]
// BENCH_PROFILE=1 writes the server's CPU profile of every level after the first (bench/cpu-profile.mjs).
import { Agent, fetch as ufetch } from "undici";
import { readFileSync } from "node:fs";
import { fmt, percentile, provision, startBenchServers } from "./setup";

/** The process's user + system CPU seconds, from /proc (Linux). */
function cpuSeconds(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

const levels = (process.argv[2] ?? "100,500,1000").split(",").map(Number);
const tokens = Number(process.argv[3] ?? 100);
const TPS = 50;

const servers = await startBenchServers();
const { base, server } = servers;
const { token, agentId } = await provision(base);
const dispatcher = new Agent({ connections: null, pipelining: 1, bodyTimeout: 0, headersTimeout: 0 });

interface Samples {
  /** Receive gap minus send gap between consecutive tokens: what our server adds to the gap. */
  addedGaps: number[];
  /** Each token's delay from the provider sending it to this client reading it. */
  delays: number[];
}

async function oneStream(out: Samples) {
  const res = await ufetch(`${base}/api/chat`, {
    method: "POST",
    dispatcher,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({
      agentId,
      threadId: null,
      messages: [{ id: crypto.randomUUID(), role: "user", content: `[bench:${TPS}:${tokens}]` }],
    }),
  });
  if (!res.ok) throw new Error(`chat failed ${res.status} ${await res.text()}`);
  let last: { sent: number; received: number } | null = null;
  let buffer = "";
  const dec = new TextDecoder();
  for await (const chunk of res.body!) {
    const received = performance.timeOrigin + performance.now();
    buffer += dec.decode(chunk as Uint8Array, { stream: true });
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.startsWith("0:")) continue;
      const sent = Number((JSON.parse(line.slice(2)) as string).match(/@([\d.]+)/)?.[1]);
      if (!Number.isFinite(sent)) continue;
      out.delays.push(received - sent);
      if (last) out.addedGaps.push(received - last.received - (sent - last.sent));
      last = { sent, received };
    }
  }
}

console.log(`${tokens} tokens per stream at ${TPS} tokens/s; figures in ms`);
// BENCH_PROFILE=1: the server's CPU profile (bench/cpu-profile.mjs) from the second level to the end.
const profiling = !!process.env.BENCH_PROFILE && levels.length > 1;
for (const [i, n] of levels.entries()) {
  if (profiling && i === 1) server.child.kill("SIGUSR2");
  const samples: Samples = { addedGaps: [], delays: [] };
  const before = server.metrics.length;
  const cpu0 = cpuSeconds(server.child.pid!);
  const t0 = performance.now();
  await Promise.all(Array.from({ length: n }, () => oneStream(samples)));
  const cpu = cpuSeconds(server.child.pid!) - cpu0;
  const window = server.metrics.slice(before);
  const lag = Math.max(...window.map((m) => m.p99));
  const rss = Math.max(...window.map((m) => m.rss)) / 1024 / 1024;
  const heap = Math.max(...window.map((m) => m.heap ?? 0)) / 1024 / 1024;
  // At the second of peak RSS (none in a level shorter than a second): the heap V8 holds, and memory outside it (Buffers and other external allocations).
  const peak = window.reduce<(typeof window)[number] | undefined>((a, m) => (!a || m.rss > a.rss ? m : a), undefined);
  const mb = (n: number | undefined) => ((n ?? 0) / 1024 / 1024).toFixed(0);
  const { addedGaps: g, delays: d } = samples;
  console.log(
    `  ${String(n).padStart(4)} streams: added gap p50 ${fmt(percentile(g, 50))} p99 ${fmt(percentile(g, 99))} max ${fmt(g.reduce((a, b) => Math.max(a, b), -Infinity))}; ` +
      `server CPU ${((cpu / (n * tokens)) * 1000).toFixed(3)} s per 1,000 tokens; ` +
      `token delay p50 ${fmt(percentile(d, 50))} p99 ${fmt(percentile(d, 99))}; event-loop p99 ${fmt(lag)}; RSS ${rss.toFixed(0)} MB (JS heap ${heap.toFixed(0)} MB; at peak RSS heap total ${mb(peak?.heapTotal)}, external ${mb(peak?.external)}, array buffers ${mb(peak?.arrayBuffers)} MB); ` +
      `wall ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}
console.log("  (goal at 1,000 streams: added gap p99 ≤ 10 ms, RSS ≤ 512 MB)");
if (profiling) {
  server.child.kill("SIGUSR2");
  await new Promise((r) => setTimeout(r, 3000));
}
servers.stop();
process.exit(0);
