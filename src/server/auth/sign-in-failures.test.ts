// The failure counter under the sign-in limits (decision 025), on its own.
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../db/client";
import { signInFailure } from "../db/tables";
import { getTestContext } from "../test/context";
import { clearFailures, pruneFailures, refundFailures, reserveFailures } from "./sign-in-failures";

beforeAll(async () => {
  await getTestContext();
});

const limit = { max: 2, windowSeconds: 60 };
const key = () => `test:${randomUUID()}`;
const countOf = async (k: string) =>
  (await db().select().from(signInFailure).where(eq(signInFailure.key, k)))[0]?.count;

describe("sign-in failure counts", () => {
  it("security #14: a key over the limit refuses until its window has passed, then starts again", async () => {
    const k = key();
    const t0 = Date.now(); // a real time: other tests' pruning must not see this window as ended
    expect(await reserveFailures(db(), [k], limit, t0)).toEqual({ allowed: true });
    expect(await reserveFailures(db(), [k], limit, t0 + 1000)).toEqual({ allowed: true });
    expect(await reserveFailures(db(), [k], limit, t0 + 20_000)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(await countOf(k)).toBe(2); // the refused attempt took its reservation back
    expect(await reserveFailures(db(), [k], limit, t0 + 60_000)).toEqual({ allowed: true });
    expect(await countOf(k)).toBe(1);
  });

  it("security #14: a refusal on one key takes back the reservation already made on the others", async () => {
    const [free, full] = [key(), key()];
    await reserveFailures(db(), [full], limit);
    await reserveFailures(db(), [full], limit);
    expect((await reserveFailures(db(), [free, full], limit)).allowed).toBe(false);
    expect(await countOf(free)).toBe(0);
  });

  it("security #14: refunds and clears touch only their keys; pruning drops only ended windows", async () => {
    const [a, b, old] = [key(), key(), key()];
    await reserveFailures(db(), [a, b], limit);
    await refundFailures(db(), [a]);
    expect(await countOf(a)).toBe(0);
    expect(await countOf(b)).toBe(1);
    await clearFailures(db(), [b]);
    expect(await countOf(b)).toBeUndefined();
    await reserveFailures(db(), [old], limit, 5_000);
    await reserveFailures(db(), [a], limit);
    // An hour's window: rows that other tests are still counting on stay.
    await pruneFailures(db(), { max: 2, windowSeconds: 3600 });
    const left = (
      await db()
        .select()
        .from(signInFailure)
        .where(inArray(signInFailure.key, [a, old]))
    ).map((r) => r.key);
    expect(left).toEqual([a]);
  });
});
