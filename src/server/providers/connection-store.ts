// Encrypted credentials per organisation and key. Decrypted values never leave the server: callers
// get keys, non-secret values for edit forms, or (provider factories only) the full credentials.
import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import { connection } from "../db/tables";
import { secrets } from "../services";

export type Credentials = Record<string, unknown>;

export async function getCredentials({ orgId, key }: { orgId: string; key: string }): Promise<Credentials | null> {
  const [row] = await db
    .select({ data: connection.encryptedData })
    .from(connection)
    .where(and(eq(connection.organizationId, orgId), eq(connection.key, key)))
    .limit(1);
  return row ? secrets.decryptJson<Credentials>(row.data) : null;
}

export async function saveCredentials({ orgId, key, data }: { orgId: string; key: string; data: Credentials }) {
  const encryptedData = secrets.encryptJson(data);
  await db
    .insert(connection)
    .values({ organizationId: orgId, key, encryptedData })
    .onConflictDoUpdate({ target: [connection.organizationId, connection.key], set: { encryptedData, updatedAt: new Date() } });
}

export async function deleteCredentials({ orgId, key }: { orgId: string; key: string }): Promise<boolean> {
  const rows = await db
    .delete(connection)
    .where(and(eq(connection.organizationId, orgId), eq(connection.key, key)))
    .returning({ key: connection.key });
  return rows.length > 0;
}
