// Leases (decisions 041, 075, 104). A started execution carries its process's id and a lease the process
// renews while the run goes on (one statement for all its runs). A running execution whose lease ran out
// belongs to a process that died: it is started again once if it had not begun its conversation — nothing
// has happened yet — and is otherwise failed with the reason, so that nothing the agent did is done twice.
import { and, eq, inArray, lte } from "drizzle-orm";
import type { Db } from "../db/client";
import { tracedTransaction } from "./trace";
import { scheduledTaskExecution } from "../db/tables";
import { log } from "../logger";
import { INTERRUPTED_ERROR } from "./run-task";

/** duration_ms is an integer column (about 24.8 days). */
const MAX_DURATION_MS = 2_147_483_647;

export async function recoverExpiredLeases(
  handle: Db,
  o: { now: number; batchSize: number; orgIds?: string[] },
): Promise<number> {
  const now = new Date(o.now);
  return tracedTransaction(
    handle,
    "recover",
    async (tx) => {
      const stale = await tx
        .select()
        .from(scheduledTaskExecution)
        .where(
          and(
            eq(scheduledTaskExecution.status, "running"),
            lte(scheduledTaskExecution.leaseExpiresAt, now),
            o.orgIds ? inArray(scheduledTaskExecution.organizationId, o.orgIds) : undefined,
          ),
        )
        .limit(o.batchSize)
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
    },
    (n) => n,
  );
}

/** The heartbeat: renews the leases of the runs `instanceId` has going, in one statement. */
export async function renewLeases(handle: Db, o: { ids: number[]; instanceId: string; until: number }) {
  if (!o.ids.length) return;
  await handle
    .update(scheduledTaskExecution)
    .set({ leaseExpiresAt: new Date(o.until) })
    .where(
      and(
        inArray(scheduledTaskExecution.id, o.ids),
        eq(scheduledTaskExecution.leaseOwner, o.instanceId),
        eq(scheduledTaskExecution.status, "running"),
      ),
    );
}
