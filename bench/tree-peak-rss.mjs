// Peak RSS of the whole `npm start` tree at N concurrent streams (peerbench's load: 100 tokens at 20 ms
// each), with each process's share, the tree's CPU per 1,000 tokens, and the tree's RSS 5/10/20/45 s after
// the load. Several checkouts are interleaved (A, B, B, A, …), each started fresh on a new PostgreSQL
// database, warmed with 20 chats and left 8 s first (decision 118).
//   node bench/tree-peak-rss.mjs <repeats> <N> label=checkout [label=checkout …]
// A checkout needs dist/ built, src/server/db/migrations and package.json (its start script's flags).
// Env: PEERBENCH_HARNESS (default ../shared/peerbench: its fake provider and lib.mjs), BENCH_PG (admin URL,
// default postgres://postgres@127.0.0.1:55432), BENCH_PORT (the fake, default 4211; the servers on BENCH_PORT − 10 + i),
// BENCH_DB_PREFIX (default "bench"), DIAG=1 (each server process logs its heap spaces every 200 ms to
// $TMPDIR/memlog via a preload — not part of the figures).
import { spawn, execFileSync } from "node:child_process";
import http from "node:http";
import { appendFileSync } from "node:fs";
import path from "node:path";

const harness = path.resolve(process.env.PEERBENCH_HARNESS ?? "../shared/peerbench");
const { streamOnce, sampleTree, treePids, childrenMap, TICK_S, pct } = await import(`${harness}/lib.mjs`);

const reps = Number(process.argv[2] ?? 4),
  N = Number(process.argv[3] ?? 500);
const systems = process.argv.slice(4).map((a) => {
  const [label, dir] = a.split("=");
  return { label, dir };
});
const FAKE_PORT = Number(process.env.BENCH_PORT) || 4211,
  PG = process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:55432";
const prefix = process.env.BENCH_DB_PREFIX ?? "bench";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const out = path.join((await import("node:os")).tmpdir(), `tree-peak-rss-${Date.now()}.jsonl`);
const env0 = { ...process.env };
delete env0.NODE_OPTIONS;
env0.PATH = env0.PATH.split(":")
  .filter((p) => !p.includes("node_modules"))
  .join(":");

const fake = spawn(process.execPath, [`${harness}/fake-provider.mjs`], {
  env: { ...env0, FAKE_PORT: String(FAKE_PORT) },
  stdio: "ignore",
  detached: true,
});
process.on("exit", () => {
  try {
    process.kill(-fake.pid, "SIGKILL");
  } catch {
    // gone already
  }
});
await sleep(800);

function psql(db, sql) {
  execFileSync("psql", ["-q", `${PG}/${db}`, "-c", sql], { stdio: ["ignore", "ignore", "inherit"] });
}
async function call(base, method, path, body, headers = {}) {
  const r = await fetch(base + path, {
    method,
    headers: { "content-type": "application/json", origin: base, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // gone already
  }
  if (r.status >= 300) throw new Error(`${method} ${path} -> ${r.status}: ${text.slice(0, 300)}`);
  return { headers: r.headers, json };
}
async function provision(base) {
  const email = `bench-${Date.now()}@example.test`,
    password = "Correct-Horse-9-battery";
  await call(base, "POST", "/api/auth/sign-up/email", { email, password, name: "Bench User" });
  const inn = await call(base, "POST", "/api/auth/sign-in/email", { email, password });
  const auth = { authorization: `Bearer ${inn.headers.get("set-auth-token") || inn.json?.token}` };
  const org = await call(
    base,
    "POST",
    "/api/auth/organization/create",
    { name: "Bench", slug: `bench-${Date.now()}` },
    auth,
  );
  await call(base, "POST", "/api/auth/organization/set-active", { organizationId: org.json.id }, auth);
  await call(
    base,
    "POST",
    "/api/updateConnections",
    { action: "create", key: "openai", data: { OPENAI_API_KEY: "sk-x" } },
    auth,
  );
  const a = await call(
    base,
    "POST",
    "/api/agents",
    {
      name: "Bench",
      description: "d",
      model: "openai:gpt-4.1-mini",
      maxToolRoundtrips: 5,
      systemPrompt: "You are a helpful assistant.",
      conversationStarters: [],
      logoUrl: "",
      tools: {},
      stage: "released",
      integrations: [],
      mcpServers: [],
      showInChat: true,
    },
    auth,
  );
  return { kind: "switchboard", url: `${base}/api/chat`, headers: auth, agentId: a.json.id };
}
const breakdown = (procs) => procs.map((p) => `${p.comm}:${(p.rss / 2 ** 20).toFixed(0)}`).join(" ");

async function one(sys, i, rep) {
  const port = FAKE_PORT - 10 + i,
    base = `http://127.0.0.1:${port}`,
    db = `${prefix}_${sys.label}`;
  psql("postgres", `drop database if exists ${db}`);
  psql("postgres", `create database ${db}`);
  psql(db, "create extension vector");
  const env = {
    ...env0,
    PORT: String(port),
    DATA_DIR: path.join((await import("node:os")).tmpdir(), `tree-peak-rss-${sys.label}`),
    DATABASE_URL: `${PG}/${db}`,
    OPENAI_BASE_URL: `http://127.0.0.1:${FAKE_PORT}/v1`,
    NODE_ENV: "production",
    PUBLIC_URL: base,
    ...(process.env.DIAG ? { NODE_OPTIONS: `--import ${path.resolve("bench/memlog.mjs")}` } : {}),
    ...(sys.env ?? {}),
  };
  const srv = spawn("npm", ["start"], { cwd: sys.dir, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let log = "";
  srv.stdout.on("data", (d) => (log += d));
  srv.stderr.on("data", (d) => (log += d));
  const t0 = Date.now();
  while (!/is listening/.test(log)) {
    if (Date.now() - t0 > 90_000) throw new Error(log.slice(-2000));
    await sleep(100);
  }
  const s = await provision(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  await Promise.all(Array.from({ length: 20 }, () => streamOnce(s, { tokens: 100, delay: 20, agent })));
  await sleep(8000); // settle after start + warm-up
  let pids = treePids(srv.pid);
  const idle0 = sampleTree(srv.pid, pids);
  let peak = idle0.rss,
    peakProcs = idle0.procs,
    last = Date.now(),
    done = false;
  const before = sampleTree(srv.pid, pids);
  const tl = Date.now();
  const load = Promise.all(
    Array.from({ length: N }, () => streamOnce(s, { tokens: 100, delay: 20, agent, timeoutMs: 120_000 })),
  ).then((r) => {
    done = true;
    return r;
  });
  while (!done) {
    if (Date.now() - last > 500) {
      pids = treePids(srv.pid, childrenMap());
      last = Date.now();
    }
    const x = sampleTree(srv.pid, pids);
    if (x.rss > peak) {
      peak = x.rss;
      peakProcs = x.procs;
    }
    await sleep(100);
  }
  const results = await load;
  const wall = Date.now() - tl;
  for (let k = 0; k < 10; k++) {
    const x = sampleTree(srv.pid, treePids(srv.pid));
    if (x.rss > peak) {
      peak = x.rss;
      peakProcs = x.procs;
    }
    await sleep(100);
  }
  const after = sampleTree(srv.pid, treePids(srv.pid));
  const tokens = results.reduce((a, r) => a + r.words, 0),
    ok = results.filter((r) => r.ok).length;
  const lasts = results.filter((r) => r.ok).map((r) => r.times.at(-1) - 99 * 20);
  const idle = {};
  for (const [sec, wait] of [
    [5, 4],
    [10, 5],
    [20, 10],
    [45, 25],
  ]) {
    await sleep(wait * 1000);
    const x = sampleTree(srv.pid, treePids(srv.pid));
    idle[sec] = { mb: Math.round(x.rss / 2 ** 20), procs: breakdown(x.procs) };
  }
  const r = {
    label: sys.label,
    rep,
    N,
    ok,
    tokens,
    cpuPer1k: ((after.ticks - before.ticks) * TICK_S) / (tokens / 1000),
    peakMB: Math.round(peak / 2 ** 20),
    peakProcs: breakdown(peakProcs),
    idleBeforeMB: Math.round(idle0.rss / 2 ** 20),
    idleBefore: breakdown(idle0.procs),
    idle,
    lastP50: pct(lasts, 50),
    wallS: wall / 1000,
    load: (await import("node:os")).loadavg()[0],
  };
  try {
    process.kill(-srv.pid, "SIGTERM");
  } catch {
    // gone already
  }
  const tk = Date.now();
  while (Date.now() - tk < 15000) {
    try {
      process.kill(srv.pid, 0);
      await sleep(200);
    } catch {
      break;
    }
  }
  try {
    process.kill(-srv.pid, "SIGKILL");
  } catch {
    // gone already
  }
  psql("postgres", `drop database if exists ${db}`);
  agent.destroy();
  return r;
}

for (let rep = 1; rep <= reps; rep++) {
  const order = rep % 2 ? systems : [...systems].reverse();
  for (const sys of order) {
    const r = await one(sys, systems.indexOf(sys), rep);
    appendFileSync(out, JSON.stringify(r) + "\n");
    console.log(
      `${r.label} rep ${rep}: ok ${r.ok}/${N} peak ${r.peakMB} MB [${r.peakProcs}] cpu ${r.cpuPer1k.toFixed(3)} s/1k tok; idle before ${r.idleBeforeMB} [${r.idleBefore}] after 5/10/20/45 s ${[5, 10, 20, 45].map((k) => r.idle[k].mb).join("/")} [${r.idle[45].procs}] last p50 ${r.lastP50?.toFixed(0)} ms wall ${r.wallS}s load ${r.load.toFixed(1)}`,
    );
    await sleep(3000);
  }
}
console.log("results", out);
process.exit(0);
