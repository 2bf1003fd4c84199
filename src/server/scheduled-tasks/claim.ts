// Claim (decision 041): due tasks are locked FOR UPDATE SKIP LOCKED, so two processes never claim one
// task at once; the occurrence's execution row is inserted in the same transaction (unique on task and
// scheduled_for, so no two processes can both create it) and the task's next run moved on. Nothing runs
// here: the start step picks the pending rows up after this commit.
import { and, asc, eq, gt, inArray, isNull, lte, min, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { tracedTransaction } from "./trace";
import { scheduledTask, scheduledTaskExecution } from "../db/tables";
import type { ExecutionMetadata } from "../../shared/scheduled-tasks";
import { MISSED_REASON, owedOccurrences } from "./missed-runs";

export const OVERLAP_REASON = "The previous run of this task was still going.";

export interface ClaimOptions {
  now: number;
  batchSize: number;
  maxSkippedRecorded: number;
  orgIds?: string[];
}

/** Creates the executions of due occurrences; returns how many tasks it claimed. */
export async function claimDue(handle: Db, o: ClaimOptions): Promise<number> {
  return tracedTransaction(
    handle,
    "claim",
    async (tx) => {
      const due = await tx
        .select()
        .from(scheduledTask)
        .where(
          and(
            eq(scheduledTask.enabled, true),
            isNull(scheduledTask.deletedAt),
            lte(scheduledTask.nextRunAt, new Date(o.now)),
            o.orgIds ? inArray(scheduledTask.organizationId, o.orgIds) : undefined,
          ),
        )
        .orderBy(asc(scheduledTask.nextRunAt))
        .limit(o.batchSize)
        .for("update", { skipLocked: true });
      if (!due.length) return 0;
      // No overlap: an occurrence due while the task's previous run is unfinished is skipped, not queued.
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
        const owed = owedOccurrences({ ...task, nextRunAt: task.nextRunAt! }, o.now, o.maxSkippedRecorded);
        const meta = (extra: ExecutionMetadata): ExecutionMetadata => ({
          trigger: "schedule",
          timeZone: task.timeZone,
          ...extra,
        });
        const base = { organizationId: task.organizationId, taskId: task.id };
        for (const at of owed.skipped) {
          rows.push({
            ...base,
            scheduledFor: new Date(at),
            status: "skipped",
            completedAt: new Date(o.now),
            metadata: meta({ skippedReason: MISSED_REASON }),
          });
        }
        const busy = unfinished.has(task.id);
        rows.push({
          ...base,
          scheduledFor: new Date(owed.latest),
          status: busy ? "skipped" : "pending",
          completedAt: busy ? new Date(o.now) : null,
          metadata: meta(busy ? { skippedReason: OVERLAP_REASON } : {}),
        });
        nextRuns.push({ id: task.id, orgId: task.organizationId, next: owed.next });
      }
      await tx.insert(scheduledTaskExecution).values(rows).onConflictDoNothing();
      // One statement for the batch, not one per task: the claimed rows stay locked until the commit, and
      // a round trip per task made a batch of 50 hold them (and its connection) for 50 round trips.
      const values = nextRuns.map(
        (n) => sql`(${n.id}::integer, ${n.orgId}::text, ${n.next ? n.next.toISOString() : null}::timestamptz)`,
      );
      await tx.execute(sql`
      update ${scheduledTask} set next_run_at = v.next
      from (values ${sql.join(values, sql`, `)}) as v(id, org, next)
      where ${scheduledTask.organizationId} = v.org and ${scheduledTask.id} = v.id`);
      return due.length;
    },
    (n) => n,
  );
}

/**
 * The earliest occurrence of an enabled task due after `now` (clock ms), or null: the scheduler sleeps until
 * then when it comes before its next poll (decision 114). Due ones (another process holds them) are not
 * counted, or a process would spin on them.
 */
export async function nextDueAfter(handle: Db, o: { now: number; orgIds?: string[] }): Promise<number | null> {
  const [row] = await handle
    .select({ at: min(scheduledTask.nextRunAt) })
    .from(scheduledTask)
    .where(
      and(
        eq(scheduledTask.enabled, true),
        isNull(scheduledTask.deletedAt),
        gt(scheduledTask.nextRunAt, new Date(o.now)),
        o.orgIds ? inArray(scheduledTask.organizationId, o.orgIds) : undefined,
      ),
    );
  return row?.at ? new Date(row.at).getTime() : null;
}
