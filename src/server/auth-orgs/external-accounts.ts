import { and, eq, ne } from "drizzle-orm";
import { db } from "../db/client";
import { account } from "../db/tables";
import type { ExternalAccount } from "../../shared/org";

/** Accounts linked through an identity provider, with the scopes granted to them. */
export async function listExternalAccounts({ userId }: { userId: string }): Promise<ExternalAccount[]> {
  const rows = await db()
    .select({ id: account.id, provider: account.providerId, scope: account.scope })
    .from(account)
    .where(and(eq(account.userId, userId), ne(account.providerId, "credential")))
    .orderBy(account.createdAt);
  return rows.map((r) => ({
    id: r.id,
    provider: r.provider,
    approvedScopes: (r.scope ?? "").split(/[\s,]+/).filter(Boolean),
  }));
}
