// The load client of bench/cluster.ts, in a process of its own so its CPU is counted apart:
// N concurrent chats of TOKENS tokens at TPS tokens/s each, through URL.
//   node --import tsx bench/cluster-load.ts URL TOKEN AGENT_ID N TOKENS TPS
// Prints one JSON line: completed, tokens, TTFT p50/p99, last-token delay p50/p99 (ms), its own CPU s.
import http from "node:http";
import { percentile } from "./setup";

const [url, token, agentId, n, tokens, tps] = process.argv.slice(2);
const N = Number(n);
const TOKENS = Number(tokens);
const TPS = Number(tps);
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** One chat: its TTFT and the time its last token arrived, both from the request's start (ms). */
function oneChat(): Promise<{ ok: boolean; ttft: number; last: number; count: number }> {
  return new Promise((resolve) => {
    const body = JSON.stringify({
      agentId: Number(agentId),
      threadId: null,
      messages: [{ id: crypto.randomUUID(), role: "user", content: `[bench:${TPS}:${TOKENS}]` }],
    });
    const t0 = performance.now();
    let ttft = NaN;
    let last = NaN;
    let count = 0;
    let buffer = "";
    const u = new URL(`${url}/api/chat`);
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${token}`,
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        res.setEncoding("utf8");
        res.on("data", (d: string) => {
          const now = performance.now() - t0;
          buffer += d;
          const lines = buffer.split("\n");
          buffer = lines.pop() ?? "";
          for (const line of lines) {
            if (!line.startsWith("0:")) continue;
            count += (line.match(/@/g) ?? []).length;
            if (Number.isNaN(ttft)) ttft = now;
            last = now;
          }
        });
        res.on("end", () => resolve({ ok: res.statusCode === 200 && count === TOKENS, ttft, last, count }));
        res.on("error", () => resolve({ ok: false, ttft, last, count }));
      },
    );
    req.on("error", () => resolve({ ok: false, ttft, last, count }));
    req.setTimeout(180_000, () => req.destroy());
    req.end(body);
  });
}

const cpu0 = process.cpuUsage();
const t0 = performance.now();
const results = await Promise.all(Array.from({ length: N }, oneChat));
const ok = results.filter((r) => r.ok);
// The provider alone takes (TOKENS − 1) gaps of 1/TPS after its first token: the rest is delay.
const minimum = ((TOKENS - 1) * 1000) / TPS;
const cpu = process.cpuUsage(cpu0);
console.log(
  JSON.stringify({
    completed: ok.length,
    tokens: results.reduce((s, r) => s + r.count, 0),
    ttftP50: percentile(
      ok.map((r) => r.ttft),
      50,
    ),
    ttftP99: percentile(
      ok.map((r) => r.ttft),
      99,
    ),
    lastP50: percentile(
      ok.map((r) => r.last - minimum),
      50,
    ),
    lastP99: percentile(
      ok.map((r) => r.last - minimum),
      99,
    ),
    wallMs: performance.now() - t0,
    cpuS: (cpu.user + cpu.system) / 1e6,
  }),
);
process.exit(0);
