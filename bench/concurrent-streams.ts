// Many concurrent chat streams at 50 tokens/s: the inter-token gap our server adds (p99), the server's
// event-loop lag and its RSS. Server, fake provider and clients run in separate processes.
//   npx tsx bench/concurrent-streams.ts [100,500,1000] [tokensPerStream]
import { Agent, fetch as ufetch } from "undici";
import { fmt, percentile, provision, startBenchServers } from "./setup";

const levels = (process.argv[2] ?? "100,500,1000").split(",").map(Number);
const tokens = Number(process.argv[3] ?? 100);
const TPS = 50;
const expectedGap = 1000 / TPS;

const servers = await startBenchServers();
const { base, server } = servers;
const { token, agentId } = await provision(base);
const dispatcher = new Agent({ connections: null, pipelining: 1, bodyTimeout: 0, headersTimeout: 0 });

async function oneStream(gaps: number[]) {
  const res = await ufetch(`${base}/api/chat`, {
    method: "POST",
    dispatcher,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ agentId, threadId: null, messages: [{ id: crypto.randomUUID(), role: "user", content: `[bench:${TPS}:${tokens}]` }] }),
  });
  if (!res.ok) throw new Error(`chat failed ${res.status} ${await res.text()}`);
  let last = 0;
  let buffer = "";
  const dec = new TextDecoder();
  for await (const chunk of res.body!) {
    buffer += dec.decode(chunk as Uint8Array, { stream: true });
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.startsWith("0:")) continue;
      const now = performance.now();
      if (last) gaps.push(now - last);
      last = now;
    }
  }
}

console.log(`${tokens} tokens per stream at ${TPS} tokens/s (expected gap ${expectedGap} ms)`);
for (const n of levels) {
  const gaps: number[] = [];
  const before = server.metrics.length;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: n }, () => oneStream(gaps)));
  const window = server.metrics.slice(before);
  const lag = Math.max(...window.map((m) => m.p99));
  const rss = Math.max(...window.map((m) => m.rss)) / 1024 / 1024;
  console.log(
    `  ${String(n).padStart(4)} streams: gap p50 ${fmt(percentile(gaps, 50))} p99 ${fmt(percentile(gaps, 99))} ms → added p99 ${fmt(percentile(gaps, 99) - expectedGap)} ms; ` +
      `event-loop p99 ${fmt(lag)} ms; RSS ${rss.toFixed(0)} MB; wall ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}
servers.stop();
process.exit(0);
