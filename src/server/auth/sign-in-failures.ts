// Counting failed sign-ins (decision 025). An attempt first reserves one failure on each of its keys
// in a single atomic statement, and goes ahead only if no key is over the limit: parallel guesses
// cannot overshoot, because each one has already been counted when the next one looks. Once the
// outcome is known the reservation is kept (wrong password), refunded (anything that is not a
// verdict on the password) or, for the account and browser keys, cleared (a successful sign-in).
import { inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { signInFailure } from "../db/tables";

export interface FailureLimit {
  max: number;
  windowSeconds: number;
}

export type Reservation = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one failure on each key; if any key is then over the limit, takes them all back and refuses. */
export async function reserveFailures(
  db: Db,
  keys: string[],
  limit: FailureLimit,
  now = Date.now(),
): Promise<Reservation> {
  const windowMs = limit.windowSeconds * 1000;
  // Every guessed email leaves a row: now and then, drop the ones whose window has passed.
  if (Math.random() < PRUNE_CHANCE) await pruneFailures(db, limit, now);
  const reserved: string[] = [];
  for (const key of keys) {
    const result = await db.execute<{ count: number; window_start: string | number }>(sql`
      insert into ${signInFailure} ("key", "count", "window_start") values (${key}, 1, ${now})
      on conflict (key) do update set
        count = case when ${signInFailure.windowStart} <= ${now - windowMs} then 1 else ${signInFailure.count} + 1 end,
        window_start = case when ${signInFailure.windowStart} <= ${now - windowMs} then ${now} else ${signInFailure.windowStart} end
      returning "count", "window_start"`);
    reserved.push(key);
    const row = result.rows[0]!;
    if (Number(row.count) > limit.max) {
      await refundFailures(db, reserved);
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((Number(row.window_start) + windowMs - now) / 1000)),
      };
    }
  }
  return { allowed: true };
}

const PRUNE_CHANCE = 0.01;

/** Deletes the counts whose window has ended (they would restart at 1 anyway). */
export async function pruneFailures(db: Db, limit: FailureLimit, now = Date.now()) {
  await db.delete(signInFailure).where(lte(signInFailure.windowStart, now - limit.windowSeconds * 1000));
}

/** Takes back one reserved failure per key. */
export async function refundFailures(db: Db, keys: string[]) {
  if (keys.length === 0) return;
  await db
    .update(signInFailure)
    .set({ count: sql`greatest(${signInFailure.count} - 1, 0)` })
    .where(inArray(signInFailure.key, keys));
}

/** Forgets the keys' failures (a successful sign-in). */
export async function clearFailures(db: Db, keys: string[]) {
  if (keys.length === 0) return;
  await db.delete(signInFailure).where(inArray(signInFailure.key, keys));
}
