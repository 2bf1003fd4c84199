// Scheduled tasks: fire delay (scheduled_for → started_at) with N tasks due in the same minute, run by
// 3 server processes on one PostgreSQL (decision 041). Goal: p99 ≤ 5 s.
//   DATABASE_URL=postgres://… npx tsx bench/scheduled-tasks-fire-delay.ts [tasks=1000] [processes=3]
import { and, eq, inArray, sql } from "drizzle-orm";
import { fmt, percentile, provision, startProcess, tempDataDir, type Started } from "./setup";
import { openDatabase } from "../src/server/db/client";
import { scheduledTask, scheduledTaskExecution } from "../src/server/db/tables";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL (PostgreSQL) is required: the bench runs several processes on one database");
const tasks = Number(process.argv[2] ?? 1000);
const processes = Number(process.argv[3] ?? 3);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const fakePort = 42000 + Math.floor(Math.random() * 1000);
const fake = await startProcess(
  process.execPath,
  ["--import", "tsx", "e2e/support/fake-provider.ts"],
  { FAKE_PROVIDER_PORT: String(fakePort) },
  /listening/,
);
const servers: Started[] = [];
for (let i = 0; i < processes; i++) {
  servers.push(
    await startProcess(
      process.execPath,
      ["--import", "tsx", "src/server/main.ts"],
      {
        PORT: String(fakePort + 1 + i),
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
const stop = () => [fake, ...servers].forEach((s) => s.child.kill("SIGKILL"));
try {
  const { orgId, agentId, userId } = await provisionWithUser(`http://127.0.0.1:${fakePort + 1}`);
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
  for (;;) {
    await sleep(1000);
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(scheduledTaskExecution)
      .where(and(inArray(scheduledTaskExecution.taskId, ids), sql`${scheduledTaskExecution.startedAt} is not null`));
    if (row!.n >= tasks) break;
    if (Date.now() > due.getTime() + 300_000) throw new Error(`only ${row!.n} of ${tasks} started in 5 minutes`);
  }
  const rows = await db
    .select()
    .from(scheduledTaskExecution)
    .where(and(inArray(scheduledTaskExecution.taskId, ids), eq(scheduledTaskExecution.scheduledFor, due)));
  const delays = rows.map((r) => r.startedAt!.getTime() - r.scheduledFor.getTime());
  const owners = new Set(rows.map((r) => r.leaseOwner ?? "done"));
  console.log(
    `fire delay over ${rows.length} executions: p50 ${fmt(percentile(delays, 50) / 1000)} s, p99 ${fmt(percentile(delays, 99) / 1000)} s, max ${fmt(Math.max(...delays) / 1000)} s (goal p99 ≤ 5 s); executions per (task, minute): ${rows.length / tasks}; ${owners.size} lease states`,
  );
  await db.update(scheduledTask).set({ enabled: false }).where(inArray(scheduledTask.id, ids));
  await database.close();
} finally {
  stop();
}

/** provision() plus the user's id (the tasks' creator). */
async function provisionWithUser(base: string) {
  const p = await provision(base);
  const session = await fetch(`${base}/api/auth/get-session`, { headers: { authorization: `Bearer ${p.token}` } });
  const userId = ((await session.json()) as { user: { id: string } }).user.id;
  return { ...p, userId };
}
