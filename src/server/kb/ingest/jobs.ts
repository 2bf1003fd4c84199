// A kb_file row is its own ingestion job (decision 045). A worker claims one with FOR UPDATE SKIP
// LOCKED and holds it under a lease it renews while it works; a row whose lease ran out (its process
// died) is claimed again by any worker. Every later write is conditional on still holding the lease,
// so a worker that lost its job (taken over, retried, deleted) cannot overwrite anything.
// Claims span organisations (the worker serves them all); every write names the row's organisation.
import { and, asc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { db } from "../../db/client";
import { kbFile } from "../../db/tables";
import type { KbFileStatus } from "../../../shared/knowledge-bases";
import type { KbFileRow } from "../file-queries";

/** A file whose processing was interrupted this many times fails instead of being tried again. */
export const MAX_ATTEMPTS = 3;
export const INTERRUPTED = `Processing was interrupted ${MAX_ATTEMPTS} times (the server stopped while working on this file). Use Retry Processing to try again.`;

export interface Lease {
  owner: string;
  leaseSeconds: number;
}

const leaseEnd = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/** The next pending file, or one whose lease ran out; null when there is none. `orgId` limits it (tests). */
export async function claimNextFile(lease: Lease, orgId?: string): Promise<KbFileRow | null> {
  for (;;) {
    const outcome = await db().transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(kbFile)
        .where(
          and(
            orgId ? eq(kbFile.organizationId, orgId) : undefined,
            or(
              eq(kbFile.processingStatus, "pending"),
              and(inArray(kbFile.processingStatus, ["processing", "completed"]), lt(kbFile.leaseExpiresAt, sql`now()`)),
            ),
          ),
        )
        .orderBy(asc(kbFile.createdAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!row) return { row: null, again: false };
      const where = and(eq(kbFile.organizationId, row.organizationId), eq(kbFile.id, row.id));
      if (row.processingStatus !== "pending" && row.attempts >= MAX_ATTEMPTS) {
        await tx
          .update(kbFile)
          .set({ processingStatus: "failed", processingError: INTERRUPTED, leaseOwner: null, leaseExpiresAt: null })
          .where(where);
        return { row: null, again: true };
      }
      const [claimed] = await tx
        .update(kbFile)
        .set({
          processingStatus: "processing",
          processingError: null,
          leaseOwner: lease.owner,
          leaseExpiresAt: leaseEnd(lease.leaseSeconds),
          attempts: sql`${kbFile.attempts} + 1`,
          updatedAt: sql`now()`,
        })
        .where(where)
        .returning();
      return { row: claimed ?? null, again: false };
    });
    if (!outcome.again) return outcome.row;
  }
}

const mine = (row: Pick<KbFileRow, "organizationId" | "id">, owner: string) =>
  and(eq(kbFile.organizationId, row.organizationId), eq(kbFile.id, row.id), eq(kbFile.leaseOwner, owner));

/** Extends the lease; false when the job is no longer this worker's. */
export async function renewLease(row: Pick<KbFileRow, "organizationId" | "id">, lease: Lease): Promise<boolean> {
  const rows = await db()
    .update(kbFile)
    .set({ leaseExpiresAt: leaseEnd(lease.leaseSeconds) })
    .where(and(mine(row, lease.owner), inArray(kbFile.processingStatus, ["processing", "completed"])))
    .returning({ id: kbFile.id });
  return rows.length > 0;
}

/** Writes the job's progress while this worker holds it; false when it no longer does. */
export async function updateJob(
  row: Pick<KbFileRow, "organizationId" | "id">,
  owner: string,
  fields: Partial<
    Pick<KbFileRow, "processingError" | "extractedData" | "extractedDataPages" | "pageCount" | "chunkCount"> & {
      processingStatus: KbFileStatus;
    }
  >,
): Promise<boolean> {
  const done = fields.processingStatus === "indexed" || fields.processingStatus === "failed";
  const rows = await db()
    .update(kbFile)
    .set({ ...fields, ...(done ? { leaseOwner: null, leaseExpiresAt: null } : {}), updatedAt: sql`now()` })
    .where(mine(row, owner))
    .returning({ id: kbFile.id });
  return rows.length > 0;
}

/** On a clean shutdown: this worker's jobs go back to pending for another process to take at once. */
export async function releaseJobs(owner: string): Promise<void> {
  await db()
    .update(kbFile)
    .set({
      processingStatus: "pending",
      leaseOwner: null,
      leaseExpiresAt: null,
      attempts: sql`greatest(${kbFile.attempts} - 1, 0)`,
    })
    .where(and(eq(kbFile.leaseOwner, owner), inArray(kbFile.processingStatus, ["processing", "completed"])));
}
