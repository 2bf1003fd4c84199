// Cold start and idle memory of `npm start`, as peerbench measures them (issue 18): spawn `npm start` in a
// built checkout, time the "listening" log line, the first HTTP answer (any status, peerbench's probe) and the
// first answered chat (a real POST /api/chat through the fake provider, read to its end), and the RSS of
// every process in the tree `npm start` made (npm's own wrapper included): 5 s after the first answer with
// nothing asked yet (peerbench's idle figure, fresh modes) and 5 s after the first chat. The CPU the tree
// used until the first answer is printed too (it survives a loaded machine better than the times).
// npm runs under the Node found first on PATH: node_modules/.bin is taken off PATH (as in a shell), so
// npm's own process runs under the system Node as a user's `npm start` does (~59 MB instead of ~71 MB).
//   npx tsx bench/cold-start.ts [repeats=3] [modes=pglite-fresh,pglite,pg-fresh,pg] [checkout dirs…]
// Modes: `pglite-fresh` a new DATA_DIR (the build's seed is copied), `pglite` an existing one, `pg-fresh` a
// new PostgreSQL database (all migrations run), `pg` an existing one (needs BENCH_PG, an admin URL such as
// postgres://postgres@127.0.0.1:55432; databases are named BENCH_DB_PREFIX + "_cold…", default "bench").
// On fresh data the chat needs a user first: the sign-up and agent are made after the first answer and
// "first chat" is timed from then. Several checkouts (e.g. before/after builds) are interleaved per repeat.
// BENCH_PORT (default 4500): the fake provider on it, the servers on +1.
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startProcess, provision } from "./setup";

const repeats = Number(process.argv[2] ?? 3);
const modes = (process.argv[3] ?? "pglite-fresh,pglite,pg-fresh,pg").split(",");
const checkouts = process.argv.slice(4).length ? process.argv.slice(4) : [process.cwd()];
const fakePort = Number(process.env.BENCH_PORT) || 4500;
const port = fakePort + 1;
const pgAdmin = process.env.BENCH_PG;
const prefix = process.env.BENCH_DB_PREFIX ?? "bench";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const base = `http://127.0.0.1:${port}`;

const fake = await startProcess(
  process.execPath,
  ["e2e/support/fake-provider.ts"],
  { FAKE_PROVIDER_PORT: String(fakePort) },
  /listening/,
);

function psql(db: string, sql: string) {
  execFileSync("psql", ["-q", `${pgAdmin}/${db}`, "-c", sql], { stdio: ["ignore", "ignore", "inherit"] });
}
function freshDb(name: string) {
  psql("postgres", `drop database if exists ${name}`);
  psql("postgres", `create database ${name}`);
  psql(name, "create extension vector");
}

function children(): Map<number, number[]> {
  const kids = new Map<number, number[]>();
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const s = readFileSync(`/proc/${d}/stat`, "utf8");
      const ppid = Number(s.slice(s.lastIndexOf(")") + 2).split(" ")[1]);
      kids.set(ppid, [...(kids.get(ppid) ?? []), Number(d)]);
    } catch {
      /* gone */
    }
  }
  return kids;
}
function tree(root: number) {
  const kids = children();
  const out: Array<{ pid: number; comm: string; rssMb: number; cpuS: number }> = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    try {
      const s = readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
      out.push({
        pid,
        comm: s.slice(s.indexOf("(") + 1, s.lastIndexOf(")")),
        rssMb: (Number(f[21]) * 4096) / 2 ** 20,
        cpuS: (Number(f[11]) + Number(f[12])) / 100,
      });
    } catch {
      /* gone */
    }
    queue.push(...(kids.get(pid) ?? []));
  }
  return out;
}

async function firstAnswer(url: string, t0: number, limitMs = 120_000) {
  while (performance.now() - t0 < limitMs) {
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await r.arrayBuffer();
      return performance.now() - t0;
    } catch {
      await sleep(10);
    }
  }
  throw new Error(`no answer from ${url}`);
}

async function chat(token: string, agentId: number) {
  const res = await fetch(`${base}/api/chat`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, origin: "http://localhost" },
    body: JSON.stringify({
      agentId,
      threadId: null,
      messages: [{ id: crypto.randomUUID(), role: "user", content: "hello" }],
    }),
  });
  const text = await res.text();
  if (!res.ok || !text.includes('0:"')) throw new Error(`chat → ${res.status} ${text.slice(0, 300)}`);
}

type Row = {
  listen: number;
  answer: number;
  chat: number;
  startupMs: number;
  cpu: number;
  idle: number;
  rss: number;
  parts: string;
};
const rows = new Map<string, Row[]>();
const users = new Map<string, { token: string; agentId: number }>();
const dataDirs = new Map<string, string>();

async function once(checkout: string, mode: string): Promise<Row> {
  const key = `${checkout} ${mode}`;
  const pg = mode.startsWith("pg-") || mode === "pg";
  const fresh = mode.endsWith("-fresh");
  const dbName = `${prefix}_cold_${mode.replace("-", "_")}_${checkouts.indexOf(checkout)}`;
  if (pg && !pgAdmin) throw new Error("BENCH_PG=postgres://… is needed for the PostgreSQL modes");
  if (pg && (fresh || !users.has(key))) freshDb(dbName);
  let dataDir = dataDirs.get(key);
  if (fresh || !dataDir) {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    dataDir = mkdtempSync(path.join(os.tmpdir(), "sb-cold-"));
    dataDirs.set(key, dataDir);
    users.delete(key);
  }
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    DATA_DIR: dataDir,
    OPENAI_BASE_URL: `http://127.0.0.1:${fakePort}/v1`,
    NODE_ENV: "production",
    PUBLIC_URL: "http://localhost", // provision() and chat() send this origin
    AUTH_RATE_LIMIT_MAX: "100000",
    AUTH_API_RATE_LIMIT_MAX: "100000",
  };
  delete env.NODE_OPTIONS;
  env.PATH = env
    .PATH!.split(":")
    .filter((dir) => !dir.endsWith("node_modules/.bin"))
    .join(":");
  delete env.DATABASE_URL;
  if (pg) env.DATABASE_URL = `${pgAdmin}/${dbName}`;
  const t0 = performance.now();
  const child = spawn("npm", ["start"], { cwd: checkout, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let listen = -1;
  let startupMs = -1;
  let out = "";
  const onData = (d: Buffer) => {
    out += d.toString();
    const m = /"msg":"Switchboard is listening".*?"startupMs":(\d+)/.exec(out);
    if (m && listen < 0) {
      listen = performance.now() - t0;
      startupMs = Number(m[1]);
    }
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  try {
    const answer = await firstAnswer(`${base}/api/getUser`, t0);
    const cpuAtAnswer = tree(child.pid!).reduce((a, p) => a + p.cpuS, 0);
    const known = users.get(key);
    let idle: ReturnType<typeof tree> = [];
    if (!known) {
      // peerbench's idle figure: 5 s after the first answer, nothing asked yet.
      await sleep(5000);
      idle = tree(child.pid!);
    }
    const user = known ?? (await provision(base));
    users.set(key, user);
    const chatStart = known ? t0 : performance.now();
    await chat(user.token, user.agentId);
    const chatMs = performance.now() - chatStart;
    await sleep(5000);
    const after = tree(child.pid!);
    const sum = (ps: typeof after) => ps.reduce((a, p) => a + p.rssMb, 0);
    return {
      listen,
      answer,
      chat: chatMs,
      startupMs,
      cpu: cpuAtAnswer,
      idle: idle.length ? sum(idle) : NaN,
      rss: sum(after),
      parts: (idle.length ? idle : after).map((p) => `${p.comm}:${p.rssMb.toFixed(0)}`).join(" "),
    };
  } catch (e) {
    console.error(out.slice(-3000));
    throw e;
  } finally {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      /* ended */
    }
    for (let i = 0; i < 50; i++) {
      try {
        process.kill(-child.pid!, 0);
        await sleep(100);
      } catch {
        break;
      }
    }
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      /* ended */
    }
    await sleep(500);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
try {
  // An existing data directory or database is made by one start first (not counted).
  for (const checkout of checkouts)
    for (const mode of modes.filter((m) => !m.endsWith("-fresh"))) await once(checkout, mode);
  for (let r = 1; r <= repeats; r++)
    for (const mode of modes)
      for (const checkout of checkouts) {
        const row = await once(checkout, mode);
        const key = `${mode} ${checkout}`;
        rows.set(key, [...(rows.get(key) ?? []), row]);
        console.log(
          `rep ${r} ${mode.padEnd(12)} ${path.basename(checkout).padEnd(12)} listening ${row.listen.toFixed(0)} ms ` +
            `(startupMs ${row.startupMs}), first answer ${row.answer.toFixed(0)} ms (tree CPU ${row.cpu.toFixed(2)} s), ` +
            `first chat ${row.chat.toFixed(0)} ms${mode.endsWith("-fresh") ? " after sign-up" : " from spawn"}; ` +
            `idle RSS ${row.idle.toFixed(0)} MB, 5 s after the chat ${row.rss.toFixed(0)} MB (${row.parts}); ` +
            `load ${readFileSync("/proc/loadavg", "utf8").split(" ")[0]}`,
        );
      }
  console.log(
    "\n| mode | checkout | listening ms | first answer ms | tree CPU to first answer s | first chat ms | idle RSS MB | RSS after a chat MB |\n|---|---|---|---|---|---|---|---|",
  );
  for (const [key, rs] of rows) {
    const [mode, checkout] = key.split(" ");
    const m = (f: (r: Row) => number, digits = 0) => median(rs.map(f)).toFixed(digits);
    console.log(
      `| ${mode} | ${path.basename(checkout!)} | ${m((r) => r.listen)} | ${m((r) => r.answer)} | ${m((r) => r.cpu, 2)} | ` +
        `${m((r) => r.chat)} | ${m((r) => r.idle)} | ${m((r) => r.rss)} |`,
    );
  }
} finally {
  fake.child.kill("SIGTERM");
  for (const dir of dataDirs.values()) rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
