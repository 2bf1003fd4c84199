// Personal API keys: `sb_` + 32 random bytes, valid 6 months, one live key per user and organisation.
// A key authenticates like a session bearer token, in the organisation it was issued for.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { db } from "../db/client";
import { apiKey, member, user } from "../db/tables";
import { secrets } from "../security/secrets";
import { API_KEY_VALIDITY_MONTHS } from "../../shared/settings/schema";

export const API_KEY_PREFIX = "sb_";
const hash = (key: string) => createHash("sha256").update(key).digest("hex");

function sixMonthsFrom(date: Date) {
  const d = new Date(date);
  d.setUTCMonth(d.getUTCMonth() + API_KEY_VALIDITY_MONTHS);
  return d;
}

/** The caller's live key in this organisation, or a new one. */
export async function getOrCreateApiKey({
  orgId,
  userId,
}: {
  orgId: string;
  userId: string;
}): Promise<{ apiKey: string; expiresAt: string }> {
  const [live] = await db()
    .select()
    .from(apiKey)
    .where(
      and(
        eq(apiKey.organizationId, orgId),
        eq(apiKey.userId, userId),
        isNull(apiKey.revokedAt),
        gt(apiKey.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (live) return { apiKey: secrets().decrypt(live.encryptedKey), expiresAt: live.expiresAt.toISOString() };
  const key = API_KEY_PREFIX + randomBytes(32).toString("base64url");
  const expiresAt = sixMonthsFrom(new Date());
  await db()
    .insert(apiKey)
    .values({
      id: randomUUID(),
      organizationId: orgId,
      userId,
      keyHash: hash(key),
      encryptedKey: secrets().encrypt(key),
      expiresAt,
    });
  return { apiKey: key, expiresAt: expiresAt.toISOString() };
}

export async function revokeApiKeys({ orgId, userId }: { orgId: string; userId: string }): Promise<number> {
  const rows = await db()
    .update(apiKey)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKey.organizationId, orgId), eq(apiKey.userId, userId), isNull(apiKey.revokedAt)))
    .returning({ id: apiKey.id });
  return rows.length;
}

/** Resolves a presented key to its user and organisation; null when unknown, revoked, expired or the membership is gone. */
export async function authenticateApiKey(key: string) {
  const [row] = await db()
    .select({ id: apiKey.id, orgId: apiKey.organizationId, user })
    .from(apiKey)
    .innerJoin(user, eq(user.id, apiKey.userId))
    .innerJoin(member, and(eq(member.userId, apiKey.userId), eq(member.organizationId, apiKey.organizationId)))
    .where(and(eq(apiKey.keyHash, hash(key)), isNull(apiKey.revokedAt), gt(apiKey.expiresAt, sql`now()`)))
    .limit(1);
  if (!row) return null;
  await db()
    .update(apiKey)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(apiKey.id, row.id));
  return { orgId: row.orgId, user: row.user, keyId: row.id };
}
