// Blobs of deleted knowledge-base files. The rows that name them are deleted in a transaction that
// also writes their keys here; this queue then removes them from the store, retrying with backoff, so
// a blob never outlives its file for long (a store outage delays the removal, it does not lose it).
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { db } from "../db/client";
import { kbBlobDeletion } from "../db/tables";
import { blobStore } from "../storage/store";
import { log } from "../logger";
import type { Tx } from "./tx";

const BATCH = 50;
/** A claimed row is retried after this long if its worker died; failures back off up to an hour. */
const CLAIM_SECONDS = 300;
const backoffSeconds = (attempts: number) => Math.min(3600, 5 * 2 ** Math.min(attempts, 10));

export async function queueBlobDeletions(tx: Tx, orgId: string, keys: string[]) {
  const unique = [...new Set(keys.filter(Boolean))];
  if (unique.length) await tx.insert(kbBlobDeletion).values(unique.map((key) => ({ organizationId: orgId, key })));
}

/** Removes the due blobs; returns how many were removed. Safe to run in several processes at once. */
export async function drainBlobDeletions(): Promise<number> {
  let removed = 0;
  for (;;) {
    // Claimed by pushing their due time out: another process skips them, a crash retries them later.
    const due = await db().transaction(async (tx) => {
      const rows = await tx
        .select({ id: kbBlobDeletion.id })
        .from(kbBlobDeletion)
        .where(lte(kbBlobDeletion.nextAttemptAt, sql`now()`))
        .orderBy(asc(kbBlobDeletion.nextAttemptAt))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (!rows.length) return [];
      return tx
        .update(kbBlobDeletion)
        .set({
          attempts: sql`${kbBlobDeletion.attempts} + 1`,
          nextAttemptAt: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`,
        })
        .where(
          inArray(
            kbBlobDeletion.id,
            rows.map((r) => r.id),
          ),
        )
        .returning();
    });
    if (!due.length) return removed;
    for (const row of due) {
      try {
        await blobStore().delete(row.key);
        await db()
          .delete(kbBlobDeletion)
          .where(and(eq(kbBlobDeletion.id, row.id), eq(kbBlobDeletion.organizationId, row.organizationId)));
        removed++;
      } catch (err) {
        log.warn("knowledge-base blob deletion failed; will retry", { key: row.key, attempts: row.attempts });
        await db()
          .update(kbBlobDeletion)
          .set({
            lastError: String((err as Error)?.message ?? err).slice(0, 500),
            nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(row.attempts)})`,
          })
          .where(eq(kbBlobDeletion.id, row.id));
      }
    }
    if (due.length < BATCH) return removed;
  }
}

let pending: Promise<number> | null = null;

/** Starts a drain in the background (one at a time per process); the worker's loop also drains. */
export function drainBlobDeletionsSoon(): Promise<number> {
  pending ??= drainBlobDeletions()
    .catch((err) => {
      log.error("knowledge-base blob deletions failed", { error: String(err?.message ?? err) });
      return 0;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}
