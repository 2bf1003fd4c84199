// Start (decisions 041, 075): pending executions are locked FOR UPDATE SKIP LOCKED and marked running with
// this process's lease, under a per-organisation advisory lock that keeps the organisation's concurrent
// runs under its cap and never lets two runs of one task overlap (each process sees the runs the others
// started). The work starts only after that commit (scheduler.ts).
import { and, asc, eq, inArray, lte, notInArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { scheduledTask, scheduledTaskExecution } from "../db/tables";
import { tracedTransaction } from "./trace";

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

export async function markStarted(handle: Db, o: StartOptions): Promise<ExecutionRow[]> {
  if (o.limit <= 0) return [];
  const mine = (column: typeof scheduledTaskExecution.organizationId) =>
    o.orgIds ? inArray(column, o.orgIds) : undefined;
  return tracedTransaction(
    handle,
    "start",
    async (tx, extra) => {
      const runningNow = await tx
        .select({ orgId: scheduledTaskExecution.organizationId, taskId: scheduledTaskExecution.taskId })
        .from(scheduledTaskExecution)
        .where(and(eq(scheduledTaskExecution.status, "running"), mine(scheduledTaskExecution.organizationId)));
      const perOrg = new Map<string, number>();
      for (const r of runningNow) perOrg.set(r.orgId, (perOrg.get(r.orgId) ?? 0) + 1);
      const busyTasks = [...new Set(runningNow.map((r) => r.taskId))];
      const fullOrgs = [...perOrg].filter(([, n]) => n >= o.orgConcurrency).map(([orgId]) => orgId);
      const pending = await tx
        .select({
          id: scheduledTaskExecution.id,
          orgId: scheduledTaskExecution.organizationId,
          taskId: scheduledTaskExecution.taskId,
        })
        .from(scheduledTaskExecution)
        .where(
          and(
            eq(scheduledTaskExecution.status, "pending"),
            lte(scheduledTaskExecution.scheduledFor, new Date(o.now)),
            mine(scheduledTaskExecution.organizationId),
            // Only executions that could start: the oldest batch alone could be all waiting (an organisation
            // at its cap, a task still running) and keep every newer one — other organisations' too — from
            // starting (decision 075). Checked again under the organisation's lock below.
            busyTasks.length ? notInArray(scheduledTaskExecution.taskId, busyTasks) : undefined,
            fullOrgs.length ? notInArray(scheduledTaskExecution.organizationId, fullOrgs) : undefined,
          ),
        )
        .orderBy(asc(scheduledTaskExecution.scheduledFor), asc(scheduledTaskExecution.id))
        .limit(o.limit)
        .for("update", { skipLocked: true });
      if (!pending.length) return [];
      const chosen: number[] = [];
      const lockAsked = performance.now();
      for (const orgId of [...new Set(pending.map((p) => p.orgId))].sort()) {
        // Serialises starts within one organisation across processes: the cap and no-overlap checks
        // below see every run another process started. Held only for this short transaction.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"scheduled-task:" + orgId}))`);
        const running = await tx
          .select({ taskId: scheduledTaskExecution.taskId })
          .from(scheduledTaskExecution)
          .where(and(eq(scheduledTaskExecution.organizationId, orgId), eq(scheduledTaskExecution.status, "running")));
        const busy = new Set(running.map((r) => r.taskId));
        let slots = o.orgConcurrency - running.length;
        for (const p of pending.filter((x) => x.orgId === orgId)) {
          if (slots <= 0) break;
          if (busy.has(p.taskId)) continue;
          busy.add(p.taskId);
          slots--;
          chosen.push(p.id);
        }
      }
      extra.lock = performance.now() - lockAsked;
      if (!chosen.length) return [];
      const rows = await tx
        .update(scheduledTaskExecution)
        .set({
          status: "running",
          // Honest: the run begins as soon as this commits (scheduler.ts), on a process with room for it.
          startedAt: new Date(o.now),
          leaseOwner: o.instanceId,
          leaseExpiresAt: new Date(o.now + o.leaseMs),
          attempts: sql`${scheduledTaskExecution.attempts} + 1`,
        })
        .where(inArray(scheduledTaskExecution.id, chosen))
        .returning();
      // One statement per organisation, not one per run: this transaction holds the organisations' locks.
      for (const orgId of new Set(rows.map((r) => r.organizationId))) {
        const taskIds = rows.filter((r) => r.organizationId === orgId).map((r) => r.taskId);
        await tx
          .update(scheduledTask)
          .set({ lastRunAt: new Date(o.now) })
          .where(and(eq(scheduledTask.organizationId, orgId), inArray(scheduledTask.id, taskIds)));
      }
      return rows;
    },
    (rows) => rows.length,
  );
}
