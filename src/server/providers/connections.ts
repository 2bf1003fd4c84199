import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { connection } from "../db/tables";

/** The organisation's connected keys mapped to `true`: what clients may know, never the credentials. */
export async function getConnectionMap({ orgId }: { orgId: string }): Promise<Record<string, true>> {
  const rows = await db().select({ key: connection.key }).from(connection).where(eq(connection.organizationId, orgId));
  return Object.fromEntries(rows.map((r) => [r.key, true as const]));
}
