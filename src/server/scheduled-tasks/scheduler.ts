// The scheduler, one in every server process (decision 041). Each tick:
// 1. claim: due tasks are locked FOR UPDATE SKIP LOCKED; the occurrence's execution row is inserted in
//    that transaction (unique on task and scheduled_for, so no two processes can both create it) and the
//    task's next run moved on. After downtime only the latest missed occurrence runs; the others are
//    recorded as skipped. An occurrence due while the task's previous run is unfinished is skipped.
// 2. start: pending executions are locked FOR UPDATE SKIP LOCKED and marked running with a lease, under
//    a per-organisation lock that keeps the organisation's concurrent runs under its cap and never lets
//    two runs of one task overlap. The work starts only after that commit.
// 3. recover: a running execution whose lease ran out (its process died: no heartbeat) is started again
//    once if it had not begun its conversation yet, and is otherwise failed with the reason.
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lte, notInArray, sql } from "drizzle-orm";
import { db } from "../db/client";
import { scheduledTask, scheduledTaskExecution } from "../db/tables";
import { log } from "../logger";
import { parseSchedule } from "../../shared/cron";
import { nextRunAfter } from "../../shared/cron-next";
import type { ExecutionMetadata } from "../../shared/scheduled-tasks";
import { taskClock, type Clock } from "./clock";
import { INTERRUPTED_ERROR, runExecution, type RunDeps } from "./run-task";
import { setSchedulerWaker } from "./wake";

export interface SchedulerOptions extends RunDeps {
  clock?: Clock;
  instanceId?: string;
  /** Real milliseconds between ticks. */
  pollMs?: number;
  /** How long a lease holds without a heartbeat, in clock milliseconds (default 60 real seconds). */
  leaseMs?: number;
  /** Real milliseconds between heartbeats. */
  heartbeatMs?: number;
  /** Most runs one organisation may have going at once. */
  orgConcurrency?: number;
  /** Tasks claimed (and executions started) per transaction. */
  batchSize?: number;
  /** Most skipped occurrences recorded for one task's downtime (the newest ones). */
  maxSkippedRecorded?: number;
  /** Tests and benches: only these organisations' tasks (they share a database with other tests). */
  orgIds?: string[];
}

export { INTERRUPTED_ERROR };
const MISSED_REASON = "Missed while no server was running; only the latest missed occurrence was run.";
const OVERLAP_REASON = "The previous run of this task was still going.";
/** duration_ms is an integer column (about 24.8 days). */
const MAX_DURATION_MS = 2_147_483_647;

export class Scheduler {
  readonly instanceId: string;
  private readonly clock: Clock;
  private readonly opts: Required<Omit<SchedulerOptions, "clock" | "instanceId" | "orgIds" | keyof RunDeps>>;
  private readonly orgIds: string[] | undefined;
  private readonly deps: RunDeps;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  readonly running = new Map<number, Promise<void>>();

  constructor(options: SchedulerOptions = {}) {
    this.clock = options.clock ?? taskClock();
    this.instanceId = options.instanceId ?? `sched-${process.pid}-${randomUUID().slice(0, 8)}`;
    const speed = this.clock.speed ?? 1;
    // A lease says "this process is alive", which is a matter of real time (event-loop stalls, a busy
    // database): 60 real seconds however fast a test clock runs (decision 075). At 20× a lease of 60 clock
    // seconds was 3 real seconds, and a loaded machine's late heartbeats failed live runs as interrupted.
    const leaseMs = options.leaseMs ?? 60_000 * speed;
    this.opts = {
      pollMs: options.pollMs ?? 1000,
      leaseMs,
      // A quarter of the lease, in real time.
      heartbeatMs: options.heartbeatMs ?? Math.max(50, leaseMs / 4 / speed),
      orgConcurrency: options.orgConcurrency ?? 5,
      batchSize: options.batchSize ?? 50,
      maxSkippedRecorded: options.maxSkippedRecorded ?? 100,
    };
    this.deps = { mailer: options.mailer, publicUrl: options.publicUrl };
    this.orgIds = options.orgIds;
  }

  start() {
    if (!this.stopped) return this;
    this.stopped = false;
    this.timer = setTimeout(this.loop, 0);
    return this;
  }

  private readonly loop = () => {
    this.timer = null;
    if (this.stopped) return;
    void this.tick()
      .catch((err: unknown) => log.warn("scheduler tick failed", { error: String(err) }))
      .finally(() => {
        if (!this.stopped) this.timer = setTimeout(this.loop, this.again ? 0 : this.opts.pollMs);
        this.again = false;
      });
  };

  /** Stops ticking; runs already going finish (`drain` waits for them). */
  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  async drain() {
    await this.ticking;
    await Promise.all(this.running.values());
  }

  /** Asks for a tick soon (after Run Now or a new task). */
  wake() {
    if (this.stopped) return;
    if (this.ticking) this.again = true;
    else if (this.timer) {
      clearTimeout(this.timer);
      this.timer = setTimeout(this.loop, 0);
    }
  }

  /** One pass of claim, recover and start. Ticks never overlap within a process. */
  async tick(): Promise<void> {
    if (this.ticking) return this.ticking;
    this.ticking = (async () => {
      try {
        // Each step on its own: one that fails (a bad row, a lost connection) must not keep the others
        // from running, or every process would stop starting runs at once (decision 075).
        await this.step("claim", async () => {
          while ((await this.claim()) >= this.opts.batchSize);
        });
        await this.step("recover", () => this.recover());
        await this.step("start", async () => {
          while ((await this.startPending()) >= this.opts.batchSize);
        });
      } finally {
        this.ticking = null;
      }
    })();
    return this.ticking;
  }

  private async step(name: string, fn: () => Promise<unknown>) {
    try {
      await fn();
    } catch (err) {
      log.warn(`scheduler ${name} failed`, { error: String(err) });
    }
  }

  /** Creates the executions of due occurrences; returns how many tasks it claimed. */
  async claim(): Promise<number> {
    const now = this.clock.now();
    return db().transaction(async (tx) => {
      const due = await tx
        .select()
        .from(scheduledTask)
        .where(
          and(
            eq(scheduledTask.enabled, true),
            isNull(scheduledTask.deletedAt),
            lte(scheduledTask.nextRunAt, new Date(now)),
            this.orgIds ? inArray(scheduledTask.organizationId, this.orgIds) : undefined,
          ),
        )
        .orderBy(asc(scheduledTask.nextRunAt))
        .limit(this.opts.batchSize)
        .for("update", { skipLocked: true });
      if (!due.length) return 0;
      const unfinished = new Set(
        (
          await tx
            .select({ taskId: scheduledTaskExecution.taskId })
            .from(scheduledTaskExecution)
            .where(
              and(
                inArray(
                  scheduledTaskExecution.taskId,
                  due.map((t) => t.id),
                ),
                inArray(scheduledTaskExecution.status, ["pending", "running"]),
              ),
            )
        ).map((r) => r.taskId),
      );
      const rows: (typeof scheduledTaskExecution.$inferInsert)[] = [];
      const nextRuns: { id: number; orgId: string; next: Date | null }[] = [];
      for (const task of due) {
        const cron = parseSchedule(task.cron);
        const occurrences: number[] = [task.nextRunAt!.getTime()];
        let next = nextRunAfter(cron, occurrences[0]!, task.timeZone);
        while (next && next.getTime() <= now) {
          occurrences.push(next.getTime());
          if (occurrences.length > this.opts.maxSkippedRecorded + 1) occurrences.shift();
          next = nextRunAfter(cron, next, task.timeZone);
        }
        const latest = occurrences.pop()!;
        const meta = (extra: ExecutionMetadata): ExecutionMetadata => ({
          trigger: "schedule",
          timeZone: task.timeZone,
          ...extra,
        });
        for (const at of occurrences) {
          rows.push({
            organizationId: task.organizationId,
            taskId: task.id,
            scheduledFor: new Date(at),
            status: "skipped",
            completedAt: new Date(now),
            metadata: meta({ skippedReason: MISSED_REASON }),
          });
        }
        const busy = unfinished.has(task.id);
        rows.push({
          organizationId: task.organizationId,
          taskId: task.id,
          scheduledFor: new Date(latest),
          status: busy ? "skipped" : "pending",
          completedAt: busy ? new Date(now) : null,
          metadata: meta(busy ? { skippedReason: OVERLAP_REASON } : {}),
        });
        nextRuns.push({ id: task.id, orgId: task.organizationId, next });
      }
      await tx.insert(scheduledTaskExecution).values(rows).onConflictDoNothing();
      for (const n of nextRuns) {
        await tx
          .update(scheduledTask)
          .set({ nextRunAt: n.next })
          .where(and(eq(scheduledTask.organizationId, n.orgId), eq(scheduledTask.id, n.id)));
      }
      return due.length;
    });
  }

  /** Leases that ran out: started again once before any conversation began, else failed. */
  async recover(): Promise<number> {
    const now = new Date(this.clock.now());
    return db().transaction(async (tx) => {
      const stale = await tx
        .select()
        .from(scheduledTaskExecution)
        .where(
          and(
            eq(scheduledTaskExecution.status, "running"),
            lte(scheduledTaskExecution.leaseExpiresAt, now),
            this.orgIds ? inArray(scheduledTaskExecution.organizationId, this.orgIds) : undefined,
          ),
        )
        .limit(this.opts.batchSize)
        .for("update", { skipLocked: true });
      for (const e of stale) {
        const again = e.conversationId === null && e.attempts < 2;
        log.warn("scheduled task run lost its server", { execution: e.id, owner: e.leaseOwner, again });
        await tx
          .update(scheduledTaskExecution)
          .set(
            again
              ? { status: "pending", leaseOwner: null, leaseExpiresAt: null }
              : {
                  status: "failed",
                  error: INTERRUPTED_ERROR,
                  completedAt: now,
                  leaseOwner: null,
                  leaseExpiresAt: null,
                  // Until its lease ran out: the longest it can have been going. (Until now, after a month
                  // with no server, overflowed the column and failed every process's recovery, every tick.)
                  durationMs: e.startedAt
                    ? Math.min(MAX_DURATION_MS, Math.max(0, e.leaseExpiresAt!.getTime() - e.startedAt.getTime()))
                    : null,
                },
          )
          .where(eq(scheduledTaskExecution.id, e.id));
      }
      return stale.length;
    });
  }

  /** Marks due pending executions running (within each organisation's cap) and starts them. */
  async startPending(): Promise<number> {
    const now = this.clock.now();
    const started = await db().transaction(async (tx) => {
      const runningNow = await tx
        .select({ orgId: scheduledTaskExecution.organizationId, taskId: scheduledTaskExecution.taskId })
        .from(scheduledTaskExecution)
        .where(
          and(
            eq(scheduledTaskExecution.status, "running"),
            this.orgIds ? inArray(scheduledTaskExecution.organizationId, this.orgIds) : undefined,
          ),
        );
      const perOrg = new Map<string, number>();
      for (const r of runningNow) perOrg.set(r.orgId, (perOrg.get(r.orgId) ?? 0) + 1);
      const busy = {
        tasks: [...new Set(runningNow.map((r) => r.taskId))],
        fullOrgs: [...perOrg].filter(([, n]) => n >= this.opts.orgConcurrency).map(([orgId]) => orgId),
      };
      const pending = await tx
        .select({
          id: scheduledTaskExecution.id,
          orgId: scheduledTaskExecution.organizationId,
          taskId: scheduledTaskExecution.taskId,
          attempts: scheduledTaskExecution.attempts,
        })
        .from(scheduledTaskExecution)
        .where(
          and(
            eq(scheduledTaskExecution.status, "pending"),
            lte(scheduledTaskExecution.scheduledFor, new Date(now)),
            this.orgIds ? inArray(scheduledTaskExecution.organizationId, this.orgIds) : undefined,
            // Only executions that could start: the oldest batch alone could be all waiting (an organisation
            // at its cap, a task still running) and keep every newer one — other organisations' too — from
            // starting (decision 075). Checked again under the organisation's lock below.
            busy.tasks.length ? notInArray(scheduledTaskExecution.taskId, busy.tasks) : undefined,
            busy.fullOrgs.length ? notInArray(scheduledTaskExecution.organizationId, busy.fullOrgs) : undefined,
          ),
        )
        .orderBy(asc(scheduledTaskExecution.scheduledFor), asc(scheduledTaskExecution.id))
        .limit(this.opts.batchSize)
        .for("update", { skipLocked: true });
      if (!pending.length) return [];
      const orgs = [...new Set(pending.map((p) => p.orgId))].sort();
      const chosen: number[] = [];
      for (const orgId of orgs) {
        // Serialises starts within one organisation across processes: the cap and no-overlap checks
        // below see every run another process started.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"scheduled-task:" + orgId}))`);
        const running = await tx
          .select({ taskId: scheduledTaskExecution.taskId })
          .from(scheduledTaskExecution)
          .where(and(eq(scheduledTaskExecution.organizationId, orgId), eq(scheduledTaskExecution.status, "running")));
        const busyTasks = new Set(running.map((r) => r.taskId));
        let slots = this.opts.orgConcurrency - running.length;
        for (const p of pending.filter((x) => x.orgId === orgId)) {
          if (slots <= 0) break;
          if (busyTasks.has(p.taskId)) continue;
          busyTasks.add(p.taskId);
          slots--;
          chosen.push(p.id);
        }
      }
      if (!chosen.length) return [];
      const rows = await tx
        .update(scheduledTaskExecution)
        .set({
          status: "running",
          startedAt: new Date(now),
          leaseOwner: this.instanceId,
          leaseExpiresAt: new Date(now + this.opts.leaseMs),
          attempts: sql`${scheduledTaskExecution.attempts} + 1`,
        })
        .where(inArray(scheduledTaskExecution.id, chosen))
        .returning();
      // One statement per organisation, not one per run: this transaction holds the organisations' locks.
      for (const orgId of new Set(rows.map((r) => r.organizationId))) {
        const taskIds = rows.filter((r) => r.organizationId === orgId).map((r) => r.taskId);
        await tx
          .update(scheduledTask)
          .set({ lastRunAt: new Date(now) })
          .where(and(eq(scheduledTask.organizationId, orgId), inArray(scheduledTask.id, taskIds)));
      }
      return rows;
    });
    // After the commit: the rows say "running" with this process's lease before any work begins.
    for (const row of started) {
      const heartbeat = setInterval(() => void this.heartbeat(row.id), this.opts.heartbeatMs);
      heartbeat.unref();
      const work = runExecution(row, { ...this.deps, clock: this.clock, instanceId: this.instanceId })
        .catch((err: unknown) => log.error("scheduled task run failed", { execution: row.id, error: String(err) }))
        .finally(() => {
          clearInterval(heartbeat);
          this.running.delete(row.id);
        });
      this.running.set(row.id, work);
    }
    return started.length;
  }

  private async heartbeat(id: number) {
    await db()
      .update(scheduledTaskExecution)
      .set({ leaseExpiresAt: new Date(this.clock.now() + this.opts.leaseMs) })
      .where(
        and(
          eq(scheduledTaskExecution.id, id),
          eq(scheduledTaskExecution.leaseOwner, this.instanceId),
          eq(scheduledTaskExecution.status, "running"),
        ),
      )
      .catch((err: unknown) => log.warn("scheduled task heartbeat failed", { execution: id, error: String(err) }));
  }
}

let active: Scheduler | null = null;

/** Started by main.ts in every server process. */
export function startScheduler(options: SchedulerOptions = {}): Scheduler {
  active?.stop();
  const started = new Scheduler(options).start();
  active = started;
  setSchedulerWaker(() => started.wake());
  return started;
}

export function stopScheduler() {
  active?.stop();
  active = null;
  setSchedulerWaker(null);
}
