// Start (decisions 041, 075, 109): pending executions are locked FOR UPDATE SKIP LOCKED and marked running
// with this process's lease, under a per-organisation advisory lock that keeps the organisation's concurrent
// runs under its cap and never lets two runs of one task overlap (each process sees the runs the others
// started). The work starts only after that commit (scheduler.ts).
//
// One message to the database (decision 109): two statements sent together run as one implicit transaction,
// so the organisations' locks are held for the database's own time, never across a round trip to a process
// whose event loop its runs keep busy (it took 4 round trips, held up to 1 s under load, others waiting).
// The first statement locks the candidates and their organisations and remembers the candidates in a
// transaction-local setting; the second, with a snapshot taken after the locks, sees every run another
// process started, chooses within each organisation's cap, marks them running and returns them. Values are
// inlined as literals (a message of several statements takes no parameters): numbers, timestamps and ids
// this process made or was configured with.
//
// The same statement returns each started run's task and the task's creator as a member (decision 114):
// loading them with a statement of their own put one more round trip to a busy process between the start and
// the runs' beginning.
import { getTableColumns, type Table } from "drizzle-orm";
import { driverOf, type Db } from "../db/client";
import { organization, scheduledTask, scheduledTaskExecution, user } from "../db/tables";
import type { RunContext } from "./run-task";
import { trace } from "./trace";

type ExecutionRow = typeof scheduledTaskExecution.$inferSelect;

export interface StartOptions {
  now: number;
  /** Most executions this call may start (the process's spare capacity, at most a batch). */
  limit: number;
  instanceId: string;
  leaseMs: number;
  orgConcurrency: number;
  orgIds?: string[];
}

const CANDIDATES = "switchboard.start_candidates";
/** A string literal (standard_conforming_strings is on: only quotes need doubling). */
const text = (s: string) => `'${s.replace(/'/g, "''")}'`;
const time = (ms: number) => `${text(new Date(ms).toISOString())}::timestamptz`;
const int = (n: number) => String(Math.trunc(n));

/** Every column of `alias`, named as drizzle names it (after `prefix`), so the rows are the table's own type. */
const columns = (alias: string, table: Table, prefix = "") =>
  Object.entries(getTableColumns(table))
    .map(([key, col]) => `${alias}."${col.name}" as "${prefix}${key}"`)
    .join(", ");
const returned = [
  columns("s", scheduledTaskExecution),
  columns("t", scheduledTask, "task."),
  columns("u", user, "user."),
  columns("o", organization, "org."),
  `m.role as "member.role"`,
].join(", ");

export function startStatements(o: StartOptions): string {
  const now = time(o.now);
  const mine = o.orgIds ? `and organization_id in (${o.orgIds.map(text).join(", ") || "null"})` : "";
  return `
with running as (
  select organization_id, task_id from scheduled_task_execution where status = 'running' ${mine}
), full_orgs as (
  select organization_id from running group by organization_id having count(*) >= ${int(o.orgConcurrency)}
), candidates as materialized (
  -- Only executions that could start: the oldest batch alone could be all waiting (an organisation at its
  -- cap, a task still running) and keep every newer one from starting (decision 075). Checked again below.
  select id, organization_id from scheduled_task_execution e
  where status = 'pending' and scheduled_for <= ${now} ${mine}
    and not exists (select 1 from running r where r.task_id = e.task_id)
    and organization_id not in (select organization_id from full_orgs)
  order by scheduled_for, id
  limit ${int(o.limit)}
  for update skip locked
)
select set_config('${CANDIDATES}', coalesce((select string_agg(id::text, ',') from candidates), ''), true),
  -- Serialises starts within one organisation across processes, in one order (no deadlock).
  (select count(pg_advisory_xact_lock(hashtext('scheduled-task:' || org)))
   from (select distinct organization_id as org from candidates order by 1) o);
with candidates as (
  select id, organization_id, task_id, scheduled_for from scheduled_task_execution
  where id = any(string_to_array(nullif(current_setting('${CANDIDATES}'), ''), ',')::integer[])
    and status = 'pending'
), running as (
  select organization_id, task_id from scheduled_task_execution
  where status = 'running' and organization_id in (select organization_id from candidates)
), free as (
  select o.organization_id, ${int(o.orgConcurrency)} - count(r.task_id) as slots
  from (select distinct organization_id from candidates) o
  left join running r on r.organization_id = o.organization_id
  group by o.organization_id
), first_of_task as (
  select c.*, row_number() over (partition by c.task_id order by c.scheduled_for, c.id) as nth
  from candidates c
  where not exists (select 1 from running r where r.organization_id = c.organization_id and r.task_id = c.task_id)
), chosen as (
  select f.id, f.organization_id from (
    select *, row_number() over (partition by organization_id order by scheduled_for, id) as n
    from first_of_task where nth = 1
  ) f join free on free.organization_id = f.organization_id
  where f.n <= free.slots
), started as (
  update scheduled_task_execution set status = 'running',
    -- Honest: the run begins as soon as this commits (scheduler.ts), on a process with room for it.
    started_at = ${now}, lease_owner = ${text(o.instanceId)}, lease_expires_at = ${time(o.now + o.leaseMs)},
    attempts = attempts + 1
  where (organization_id, id) in (select organization_id, id from chosen)
  returning *
), touched as (
  update scheduled_task t set last_run_at = ${now}
  from (select distinct organization_id, task_id from started) s
  where t.organization_id = s.organization_id and t.id = s.task_id
)
-- Each run's task in its own organisation, and the task's creator while still a member (else nulls).
select ${returned} from started s
left join scheduled_task t on t.organization_id = s.organization_id and t.id = s.task_id
left join member m on m.organization_id = t.organization_id and m.user_id = t.created_by
left join "user" u on u.id = m.user_id
left join organization o on o.id = m.organization_id
order by s.scheduled_for, s.id;`;
}

type Results = Array<{ rows: Record<string, unknown>[] }>;

/** Several statements in one simple-protocol message (one implicit transaction), on PostgreSQL or PGlite. */
async function inOneMessage(handle: Db, sqlText: string): Promise<{ results: Results; pool: number }> {
  const driver = driverOf(handle);
  const asked = performance.now();
  if ("pglite" in driver) return { results: (await driver.pglite.exec(sqlText)) as Results, pool: 0 };
  const conn = await driver.pool.connect();
  const pool = performance.now() - asked;
  try {
    // Several statements answer with one result each.
    return { results: (await conn.query(sqlText)) as unknown as Results, pool };
  } finally {
    conn.release();
  }
}

export interface Started {
  rows: ExecutionRow[];
  /** Each row's task and creator, by execution id. */
  contexts: Map<number, RunContext>;
}

export async function markStarted(handle: Db, o: StartOptions): Promise<Started> {
  if (o.limit <= 0) return { rows: [], contexts: new Map() };
  const asked = performance.now();
  const { results, pool } = await inOneMessage(handle, startStatements(o));
  const found = results[results.length - 1]?.rows ?? [];
  trace({ k: "start", n: found.length, pool, tx: performance.now() - asked - pool });
  const rows: ExecutionRow[] = [];
  const contexts = new Map<number, RunContext>();
  for (const r of found) {
    const part = (prefix: string) =>
      Object.fromEntries(
        Object.entries(r)
          .filter(([k]) => k.startsWith(prefix))
          .map(([k, v]) => [k.slice(prefix.length), v]),
      );
    const row = Object.fromEntries(Object.entries(r).filter(([k]) => !k.includes("."))) as ExecutionRow;
    const task = part("task.") as RunContext["task"] & object;
    const who = part("user.") as NonNullable<RunContext["who"]>["user"];
    const org = part("org.") as NonNullable<RunContext["who"]>["org"];
    const role = r["member.role"] as string | null;
    rows.push(row);
    contexts.set(row.id, {
      task: task.id === null ? null : task,
      who: who.id !== null && org.id !== null && role !== null ? { user: who, org, role } : null,
    });
  }
  return { rows, contexts };
}
