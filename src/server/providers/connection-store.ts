// Encrypted credentials per organisation and key. Decrypted values never leave the server: callers
// get keys, non-secret values for edit forms, or (provider factories only) the full credentials.
import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import { connection } from "../db/tables";
import { secrets } from "../security/secrets";
import { invalidate, TopicCache } from "../cache/invalidation";

export type Credentials = Record<string, unknown>;

// Every chat reply needs its provider's credentials; decrypting them once per change, not per reply,
// keeps the database and the cipher off the time to first token.
const cache = new TopicCache<Credentials | null>("credentials");

export async function getCredentials({ orgId, key }: { orgId: string; key: string }): Promise<Credentials | null> {
  const creds = await cache.get(`${orgId}:${key}`, () => loadCredentials({ orgId, key }));
  return creds && { ...creds }; // callers may edit their copy
}

async function loadCredentials({ orgId, key }: { orgId: string; key: string }): Promise<Credentials | null> {
  const [row] = await db()
    .select({ data: connection.encryptedData })
    .from(connection)
    .where(and(eq(connection.organizationId, orgId), eq(connection.key, key)))
    .limit(1);
  return row ? secrets().decryptJson<Credentials>(row.data) : null;
}

export async function saveCredentials({ orgId, key, data }: { orgId: string; key: string; data: Credentials }) {
  const encryptedData = secrets().encryptJson(data);
  await db()
    .insert(connection)
    .values({ organizationId: orgId, key, encryptedData })
    .onConflictDoUpdate({
      target: [connection.organizationId, connection.key],
      set: { encryptedData, updatedAt: new Date() },
    });
  invalidate("credentials");
}

export async function deleteCredentials({ orgId, key }: { orgId: string; key: string }): Promise<boolean> {
  const rows = await db()
    .delete(connection)
    .where(and(eq(connection.organizationId, orgId), eq(connection.key, key)))
    .returning({ key: connection.key });
  invalidate("credentials");
  return rows.length > 0;
}
