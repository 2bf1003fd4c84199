// 1 replica against 3, both behind haproxy on one PostgreSQL (scripts/cluster), in one interleaved run:
// peerbench's figures (TTFT added median/p99, CPU s per 1,000 tokens, last-token delay at N streams)
// and where the CPU went — replicas, haproxy, the fake provider, the load client, PostgreSQL — because
// on a 2-core machine the client and the fake take cores the replicas would otherwise use.
//   DATABASE_URL=postgres://… npx tsx bench/cluster.ts [ttftIterations=200] [levels=50,200] [repeats=2]
//   CLUSTER_BENCH_SYSTEMS=1,3,1x2 adds one replica running 2 worker processes (WEB_CONCURRENCY=2)
import { spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import pg from "pg";
import { ensureBuild } from "../scripts/ensure-build.mjs";
import { startCluster, type Cluster } from "../scripts/cluster/start-cluster";
import { directFirstToken, firstToken, fmt, freePort, percentile, provision, startProcess, tempDataDir } from "./setup";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("bench/cluster.ts needs DATABASE_URL (PostgreSQL with pgvector)");
const iterations = Number(process.argv[2] ?? 200);
const levels = (process.argv[3] ?? "50,200").split(",").map(Number);
const repeats = Number(process.argv[4] ?? 2);
const TOKENS = 100;
const TPS = 50;

ensureBuild();
const fakePort = await freePort();
const fake = await startProcess(
  process.execPath,
  ["--import", "tsx", "e2e/support/fake-provider.ts"],
  { FAKE_PROVIDER_PORT: String(fakePort) },
  /listening/,
);
const fakeUrl = `http://127.0.0.1:${fakePort}`;
process.once("exit", () => fake.child.kill("SIGTERM"));
const env = {
  OPENAI_BASE_URL: `${fakeUrl}/v1`,
  LOG_LEVEL: "info", // "Switchboard is listening" is how a started replica is recognised
  AUTH_RATE_LIMIT_MAX: "100000",
  AUTH_API_RATE_LIMIT_MAX: "100000",
};
// "3": 3 replicas of one process each; "1x2": 1 replica running 2 workers (`npm start`'s default here).
const shapes = (process.env.CLUSTER_BENCH_SYSTEMS ?? "1,3").split(",");
const systems: Array<{ name: string; cluster: Cluster; token: string; agentId: number }> = [];
for (const shape of shapes) {
  const [replicas, workers = "1"] = shape.split("x");
  const cluster = await startCluster({
    databaseUrl,
    dir: tempDataDir(),
    replicas: Number(replicas),
    publicUrl: "http://localhost",
    secretKey: "cluster-bench-secret-key-0123456789",
    env: { ...env, WEB_CONCURRENCY: workers },
  });
  const { token, agentId } = await provision(cluster.url);
  const name = `${replicas} replica${replicas === "1" ? "" : "s"}${workers === "1" ? "" : ` × ${workers} workers`}`;
  systems.push({ name, cluster, token, agentId });
}

/** A replica's processes: itself and its workers, if any. */
function treePids(root: number): number[] {
  const out = [root];
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === root) out.push(Number(d));
    } catch {
      /* gone */
    }
  }
  return out;
}
const serverPids = (s: (typeof systems)[number]) => s.cluster.replicas.flatMap((r) => treePids(r.child.pid!));

// ---------- CPU of a process, from /proc (utime + stime of all its threads) ----------
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const backends = async () =>
  (
    await db.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    )
  ).rows.map((r) => r.pid);

// ---------- A. time to first token, sequential, interleaved with the provider alone ----------
const direct = () => directFirstToken(fakeUrl);
const viaCluster = (s: (typeof systems)[number]) =>
  firstToken(
    `${s.cluster.url}/api/chat`,
    {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${s.token}` },
      body: JSON.stringify({
        agentId: s.agentId,
        threadId: null,
        messages: [{ id: crypto.randomUUID(), role: "user", content: "hello" }],
      }),
    },
    (t) => t.includes('0:"'),
  );

const loadBefore = readFileSync("/proc/loadavg", "utf8").trim();
for (let i = 0; i < 20; i++) for (const s of systems) await viaCluster(s);
const ttftDirect: number[] = [];
const ttft = systems.map(() => [] as number[]);
for (let i = 0; i < iterations; i++) {
  ttftDirect.push(await direct());
  for (const [k, s] of systems.entries()) ttft[k]!.push(await viaCluster(s));
}
const directMedian = percentile(ttftDirect, 50);
console.log(`\nA. TTFT, ${iterations} sequential interleaved chats each ("hello"), ms; load before: ${loadBefore}`);
console.log("| system | TTFT median | TTFT p99 | added median | added p99 |\n|---|---|---|---|---|");
console.log(`| fake provider alone | ${fmt(directMedian)} | ${fmt(percentile(ttftDirect, 99))} | – | – |`);
for (const [k, s] of systems.entries()) {
  const t = ttft[k]!;
  console.log(
    `| ${s.name} behind haproxy | ${fmt(percentile(t, 50))} | ${fmt(percentile(t, 99))} | ${fmt(percentile(t, 50) - directMedian)} | ${fmt(percentile(t, 99) - directMedian)} |`,
  );
}

// ---------- B. N concurrent chats of 100 tokens at 50 tokens/s ----------
interface Run {
  system: string;
  n: number;
  completed: number;
  tokens: number;
  ttftP99: number;
  lastP50: number;
  lastP99: number;
  replicasS: number;
  haproxyS: number;
  fakeS: number;
  clientS: number;
  pgS: number;
  load: string;
}
const runs: Run[] = [];

/** CPU seconds of each pid now; a diff counts only what was spent between the two samples. */
const sample = (pids: number[]) => new Map(pids.map((p) => [p, cpuSeconds(p)]));
function spent(before: Map<number, number>, pids: number[]) {
  let total = 0;
  for (const p of pids) {
    const now = cpuSeconds(p);
    const was = before.get(p);
    // A process gone meanwhile is not counted (its last seconds are lost); a new one counts from 0.
    if (now > 0) total += now - (was ?? 0);
  }
  return total;
}

async function loadRun(s: (typeof systems)[number], n: number): Promise<Run> {
  const replicaPids = serverPids(s);
  const pgBefore = sample(await backends());
  const before = {
    replicas: sample(replicaPids),
    haproxy: cpuSeconds(s.cluster.haproxy.pid),
    fake: cpuSeconds(fake.child.pid),
  };
  const client = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "bench/cluster-load.ts",
      s.cluster.url,
      s.token,
      String(s.agentId),
      String(n),
      String(TOKENS),
      String(TPS),
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let out = "";
  client.stdout!.on("data", (d) => (out += d));
  await new Promise((r) => client.once("exit", r));
  await new Promise((r) => setTimeout(r, 1000)); // work the servers do after the last byte
  const r = JSON.parse(out.trim().split("\n").pop()!);
  return {
    system: s.name,
    n,
    completed: r.completed,
    tokens: r.tokens,
    ttftP99: r.ttftP99,
    lastP50: r.lastP50,
    lastP99: r.lastP99,
    replicasS: spent(before.replicas, replicaPids),
    haproxyS: cpuSeconds(s.cluster.haproxy.pid) - before.haproxy,
    fakeS: cpuSeconds(fake.child.pid) - before.fake,
    clientS: r.cpuS,
    pgS: spent(pgBefore, await backends()),
    load: readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" "),
  };
}

// What the replicas spend doing nothing (timers: takeover checks, heartbeats, job polling), per second.
const idle = await Promise.all(
  systems.map(async (s) => {
    const pids = serverPids(s);
    const before = sample(pids);
    await new Promise((r) => setTimeout(r, 10_000));
    return spent(before, pids) / 10;
  }),
);
console.log(
  `\nIdle CPU of the replicas: ${systems.map((s, k) => `${s.name} ${(idle[k]! * 1000).toFixed(0)} ms/s`).join(", ")}`,
);

console.log(`\nB. N concurrent chats of ${TOKENS} tokens at ${TPS} tokens/s, ${repeats} interleaved repeats`);
for (const n of levels)
  for (let rep = 0; rep < repeats; rep++)
    for (const s of systems) {
      const r = await loadRun(s, n);
      runs.push(r);
      console.log(
        `  N=${n} ${s.name}: ${r.completed}/${n} done, last-token p50 ${fmt(r.lastP50)} ms, CPU s replicas ${fmt(r.replicasS)} haproxy ${fmt(r.haproxyS)} fake ${fmt(r.fakeS)} client ${fmt(r.clientS)} pg ${fmt(r.pgS)}; load ${r.load}`,
      );
      await new Promise((res) => setTimeout(res, 2000));
    }

const med = (xs: number[]) => percentile(xs, 50);
console.log(
  "\n| system | N | completed | TTFT p99 ms | last-token delay p50 / p99 ms | CPU s / 1k tokens: replicas | haproxy | fake | client | PostgreSQL | load average |\n|---|---|---|---|---|---|---|---|---|---|---|",
);
for (const n of levels)
  for (const s of systems) {
    const rs = runs.filter((r) => r.n === n && r.system === s.name);
    const per1k = (k: keyof Run) => med(rs.map((r) => ((r[k] as number) / r.tokens) * 1000)).toFixed(3);
    console.log(
      `| ${s.name} | ${n} | ${rs.map((r) => r.completed).join(", ")} | ${fmt(med(rs.map((r) => r.ttftP99)))} | ${fmt(med(rs.map((r) => r.lastP50)))} / ${fmt(med(rs.map((r) => r.lastP99)))} | ${per1k("replicasS")} | ${per1k("haproxyS")} | ${per1k("fakeS")} | ${per1k("clientS")} | ${per1k("pgS")} | ${rs.map((r) => r.load.split(" ")[0]).join(", ")} |`,
    );
  }
console.log(`\nload average at the end: ${readFileSync("/proc/loadavg", "utf8").trim()}`);

await db.end();
await Promise.all(systems.map((s) => s.cluster.stop()));
fake.child.kill("SIGTERM");
process.exit(0);
