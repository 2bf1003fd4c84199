// Scheduled tasks: fire delay (scheduled_for → started_at, when the run begins its conversation: decision 104) with N tasks due in the same minute, run by
// 3 server processes on one PostgreSQL (decision 041). Goal: p99 ≤ 5 s.
//   DATABASE_URL=postgres://… npx tsx bench/scheduled-tasks-fire-delay.ts [tasks=1000] [processes=3]
// The servers run the build when there is one (`npm run build`, as `npm start` runs it), else the source.
import { readFileSync } from "node:fs";
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  fmt,
  freePort,
  percentile,
  provision,
  serverEntry,
  startEnv,
  startFlags,
  startProcess,
  tempDataDir,
  type Started,
} from "./setup";
import { openDatabase } from "../src/server/db/client";
import { backendCpu, backendCpuSince, cpuMs, machineCpu } from "./proc-cpu";
import { conversation, scheduledTask, scheduledTaskExecution } from "../src/server/db/tables";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL (PostgreSQL) is required: the bench runs several processes on one database");
const tasks = Number(process.argv[2] ?? 1000);
const processes = Number(process.argv[3] ?? 3);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// BENCH_PORT: the fake provider's port (the servers take the next ones), for sessions given a port range;
// otherwise ports the system says are free (a fixed or random one may be some connection's local port).
const fixedPort = Number(process.env.BENCH_PORT) || 0;
const fakePort = fixedPort || (await freePort());
const serverPorts = await Promise.all(
  Array.from({ length: processes }, (_, i) => (fixedPort ? fixedPort + 1 + i : freePort())),
);
const fake = await startProcess(
  process.execPath,
  ["--import", "tsx", "e2e/support/fake-provider.ts"],
  { FAKE_PROVIDER_PORT: String(fakePort) },
  /listening/,
);
// npm start's V8 flags, plus any the caller adds (e.g. BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof").
const flags = [...startFlags(), ...(process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean)];
const servers: Started[] = [];
// SIGTERM first so a --cpu-prof process writes its profile on its way out; SIGKILL whatever is left after 10 s.
const stop = async () => {
  await Promise.all(
    [fake, ...servers].map(
      (s) =>
        new Promise<void>((resolve) => {
          if (s.child.exitCode !== null) return resolve();
          const kill = setTimeout(() => s.child.kill("SIGKILL"), 10_000);
          s.child.once("exit", () => (clearTimeout(kill), resolve()));
          s.child.kill("SIGTERM");
        }),
    ),
  );
};
try {
  for (let i = 0; i < processes; i++) {
    servers.push(
      await startProcess(
        process.execPath,
        [...flags, "--import", "./bench/el-monitor.mjs", ...serverEntry()],
        {
          ...startEnv(),
          SCHEDULER_TRACE: "1",
          PORT: String(serverPorts[i]),
          HOST: "127.0.0.1",
          DATA_DIR: tempDataDir(),
          DATABASE_URL: url,
          WEB_CONCURRENCY: "1", // the bench counts processes itself (decision 093)
          OPENAI_BASE_URL: `http://127.0.0.1:${fakePort}/v1`,
          LOG_LEVEL: "info",
          PUBLIC_URL: "http://localhost",
          AUTH_RATE_LIMIT_MAX: "100000",
          // Every test (or bench) client comes from one address: lift the per-address limit on other auth calls.
          AUTH_API_RATE_LIMIT_MAX: "100000",
          SECRET_KEY: "bench-secret-key-0123456789abcdef",
          // One organisation holds every task: its cap must not be what is measured.
          SCHEDULED_TASKS_ORG_CONCURRENCY: String(tasks),
        },
        /Switchboard is listening/,
      ),
    );
  }
} catch (err) {
  // A server that cannot start (a port in use) must not leave the others, or the fake provider, running.
  await stop();
  throw err;
}
try {
  const { orgId, agentId, userId, token } = await provisionWithUser(`http://127.0.0.1:${serverPorts[0]}`);
  // Each process answers one chat first: a deployment's processes are warm, and a fresh one's first chat
  // loads the model provider's modules (half a second of one process's event loop, not the scheduler's).
  await Promise.all(servers.map((_, i) => warmUp(`http://127.0.0.1:${serverPorts[i]}`, token, agentId)));
  const database = await openDatabase({ url, migrate: false });
  const db = database.db;
  // Due at the start of the minute after next (time to insert them all first).
  const due = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000);
  const ids = (
    await db
      .insert(scheduledTask)
      .values(
        Array.from({ length: tasks }, (_, i) => ({
          organizationId: orgId,
          agentId,
          createdBy: userId,
          name: `Bench ${i}`,
          prompt: `bench run ${i}`,
          schedule: "0 * * * *",
          cron: `${due.getUTCMinutes()} * * * *`,
          timeZone: "UTC",
          nextRunAt: due,
        })),
      )
      .returning({ id: scheduledTask.id })
  ).map((r) => r.id);
  console.log(`${tasks} tasks due at ${due.toISOString()} on ${processes} processes; waiting…`);
  // CPU from just before the minute to the end: the servers' own and their PostgreSQL backends'.
  const dbName = decodeURIComponent(new URL(url).pathname.slice(1));
  type Cpu = { servers: number[]; fake: number; machine: { busy: number; idle: number } };
  const cpuNow = (): Cpu => ({
    servers: servers.map((s) => cpuMs(s.child.pid!) ?? 0),
    fake: cpuMs(fake.child.pid!) ?? 0,
    machine: machineCpu(),
  });
  let cpuBefore: (Cpu & { backends: Map<number, number> }) | undefined;
  const snapshot = setTimeout(
    () => (cpuBefore = { ...cpuNow(), backends: backendCpu(dbName) }),
    due.getTime() - 500 - Date.now(),
  );
  for (;;) {
    await sleep(1000);
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(scheduledTaskExecution)
      .where(and(inArray(scheduledTaskExecution.taskId, ids), sql`${scheduledTaskExecution.startedAt} is not null`));
    if (row!.n >= tasks) break;
    if (Date.now() > due.getTime() + 300_000) throw new Error(`only ${row!.n} of ${tasks} started in 5 minutes`);
  }
  // Then until every run has finished: the conversations below exist only once their run began them.
  for (;;) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(scheduledTaskExecution)
      .where(and(inArray(scheduledTaskExecution.taskId, ids), sql`${scheduledTaskExecution.completedAt} is not null`));
    if (row!.n >= tasks) break;
    if (Date.now() > due.getTime() + 600_000) throw new Error(`only ${row!.n} of ${tasks} finished in 10 minutes`);
    await sleep(1000);
  }
  clearTimeout(snapshot);
  const cpuAfter = cpuNow();
  const serverCpu = servers.map((_, i) => cpuAfter.servers[i]! - (cpuBefore?.servers[i] ?? 0));
  const pgCpu = cpuBefore ? backendCpuSince(dbName, cpuBefore.backends) : NaN;
  const rows = await db
    .select()
    .from(scheduledTaskExecution)
    .where(and(inArray(scheduledTaskExecution.taskId, ids), eq(scheduledTaskExecution.scheduledFor, due)));
  const delays = rows.map((r) => r.startedAt!.getTime() - r.scheduledFor.getTime());
  const finished = rows.map((r) => r.completedAt!.getTime() - r.scheduledFor.getTime());
  const statuses = rows.reduce<Record<string, number>>((a, r) => ({ ...a, [r.status]: (a[r.status] ?? 0) + 1 }), {});
  console.log(
    `fire delay over ${rows.length} executions: p50 ${fmt(percentile(delays, 50) / 1000)} s, p99 ${fmt(percentile(delays, 99) / 1000)} s, max ${fmt(Math.max(...delays) / 1000)} s (goal p99 ≤ 5 s); executions per (task, minute): ${rows.length / tasks}; ${JSON.stringify(statuses)}; last run finished ${fmt(Math.max(...finished) / 1000)} s after it was due`,
  );
  const serverTotal = serverCpu.reduce((a, b) => a + b, 0);
  console.log(
    `CPU from the minute to the end (/proc): servers ${serverCpu.map((ms) => fmt(ms / 1000)).join(" + ")} = ${fmt(serverTotal / 1000)} s (${fmt(serverTotal / tasks)} ms per run), PostgreSQL backends of ${dbName} ${fmt(pgCpu / 1000)} s (${fmt(pgCpu / tasks)} ms per run), fake provider ${fmt((cpuAfter.fake - (cpuBefore?.fake ?? 0)) / 1000)} s; the machine busy ${fmt((cpuAfter.machine.busy - (cpuBefore?.machine.busy ?? 0)) / 1000)} s, idle ${fmt((cpuAfter.machine.idle - (cpuBefore?.machine.idle ?? 0)) / 1000)} s; load ${readFileSync("/proc/loadavg", "utf8").trim()}`,
  );
  // Did the run really begin then? Its conversation's creation (the run's first write of its own).
  const convs = await db
    .select({ createdAt: conversation.createdAt, scheduledFor: scheduledTaskExecution.scheduledFor })
    .from(scheduledTaskExecution)
    .innerJoin(
      conversation,
      and(
        eq(conversation.organizationId, scheduledTaskExecution.organizationId),
        eq(conversation.id, scheduledTaskExecution.conversationId),
      ),
    )
    .where(and(inArray(scheduledTaskExecution.taskId, ids), eq(scheduledTaskExecution.scheduledFor, due)));
  const begun = convs.map((r) => r.createdAt.getTime() - r.scheduledFor.getTime());
  console.log(
    `conversation begun (scheduled_for → its conversation's created_at) over ${begun.length}: p50 ${fmt(percentile(begun, 50) / 1000)} s, p99 ${fmt(percentile(begun, 99) / 1000)} s`,
  );
  // From just before the minute until the last run finished; event-loop lines come once a second.
  const until = due.getTime() + Math.max(...finished) + 1000;
  const window = (m: object) => "at" in m && typeof m.at === "number" && m.at >= due.getTime() - 1000 && m.at <= until;
  const seconds = Math.ceil((until - due.getTime()) / 1000) + 1;
  servers.forEach((s, i) => {
    const steps = s.metrics.filter((m) => "k" in m && window(m)) as unknown as Trace[];
    const el = s.metrics.filter((m) => !("k" in m)).slice(-seconds);
    const total = (xs: Trace[], f: keyof Trace) => xs.reduce((a, x) => a + Number(x[f] ?? 0), 0);
    const sum = (xs: Trace[], f: keyof Trace) => fmt(total(xs, f));
    const max = (xs: Trace[], f: keyof Trace) => fmt(Math.max(0, ...xs.map((x) => Number(x[f] ?? 0))));
    const claims = steps.filter((x) => x.k === "claim" && x.n > 0);
    const starts = steps.filter((x) => x.k === "start" && x.n > 0);
    console.log(
      `process ${i}: ${claims.length} claims (${total(claims, "n")} tasks; pool wait Σ ${sum(claims, "pool")} max ${max(claims, "pool")} ms; tx Σ ${sum(claims, "tx")} max ${max(claims, "tx")} ms), ` +
        `${starts.length} starts (${total(starts, "n")} runs; pool wait Σ ${sum(starts, "pool")} max ${max(starts, "pool")} ms; ${starts.some((x) => x.lock !== undefined) ? `lock wait Σ ${sum(starts, "lock")} max ${max(starts, "lock")} ms; ` : "lock taken inside the start's one message; "}tx Σ ${sum(starts, "tx")} max ${max(starts, "tx")} ms); ` +
        `event-loop p99 max ${fmt(Math.max(0, ...el.map((m) => m.p99)))} ms, max ${fmt(Math.max(0, ...el.map((m) => m.max)))} ms; ` +
        `peak RSS ${(Math.max(0, ...el.map((m) => Number(m.rss ?? 0))) / 2 ** 20).toFixed(0)} MB`,
    );
  });
  // Gone with their executions: the next run's processes must not spend the measured minute on them.
  await db.delete(scheduledTask).where(inArray(scheduledTask.id, ids));
  await database.close();
} finally {
  await stop();
}

interface Trace {
  k: string;
  n: number;
  pool?: number;
  lock?: number;
  tx?: number;
  at?: number;
}

async function warmUp(base: string, token: string, agentId: number) {
  const res = await fetch(`${base}/api/chat`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({
      agentId,
      threadId: null,
      messages: [{ id: crypto.randomUUID(), role: "user", content: "hi" }],
    }),
  });
  if (!res.ok) throw new Error(`warm-up chat: ${res.status} ${await res.text()}`);
  await res.text();
}

/** provision() plus the user's id (the tasks' creator). */
async function provisionWithUser(base: string) {
  const p = await provision(base);
  const session = await fetch(`${base}/api/auth/get-session`, { headers: { authorization: `Bearer ${p.token}` } });
  const userId = ((await session.json()) as { user: { id: string } }).user.id;
  return { ...p, userId };
}
