// Tests only: a Google account linked to a user the way Better Auth stores one after "Connect with
// Google" (tokens encrypted, scopes space-separated), without running the sign-in flow.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { account } from "../db/tables";
import { encryptOAuthToken } from "../auth/oauth-tokens";

export const SHEETS_GRANT = "openid email profile https://www.googleapis.com/auth/spreadsheets";

export async function linkGoogleAccount(opts: {
  userId: string;
  accessToken: string;
  refreshToken?: string;
  expiresAt?: Date;
  scope?: string;
}) {
  const id = randomUUID();
  await db()
    .insert(account)
    .values({
      id,
      accountId: `google-${id.slice(0, 8)}`,
      providerId: "google",
      userId: opts.userId,
      accessToken: await encryptOAuthToken(opts.accessToken),
      refreshToken: opts.refreshToken ? await encryptOAuthToken(opts.refreshToken) : null,
      accessTokenExpiresAt: opts.expiresAt ?? new Date(Date.now() + 3_600_000),
      scope: opts.scope ?? SHEETS_GRANT,
    });
  return id;
}

export async function storedGoogleAccount(id: string) {
  const [row] = await db().select().from(account).where(eq(account.id, id));
  return row!;
}

export const unlinkGoogleAccount = (id: string) => db().delete(account).where(eq(account.id, id));
