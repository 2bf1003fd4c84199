// A usable Google access token for a user's linked Google account (the first external account, the one
// INTEG-03 reads for "connected"). Access tokens last an hour; when the stored one has expired (or Google
// refused it) the stored refresh token buys a new one at Google's token endpoint (grant_type
// refresh_token), and the new tokens are stored encrypted again (decision 063).
import { and, asc, eq, ne } from "drizzle-orm";
import { db } from "../db/client";
import { account } from "../db/tables";
import { AppError } from "../errors";
import { decryptOAuthToken, encryptOAuthToken } from "../auth/oauth-tokens";
import { INTEGRATION_BY_KEY } from "../../shared/connections/integrations";
import { googleOAuthClient, googleTokenEndpoint } from "./oauth-client";

// Members cannot use Control Hub → Integrations, so the texts point at the failed tool card's own
// "Connect with Google" button (decision 102), which links the caller's own account.
export const GOOGLE_SHEETS_NOT_CONNECTED =
  "Google Sheets is not connected for your account. Use Connect with Google on this tool card to link your Google account, then ask again.";
export const RECONNECT_HINT = "Use Connect with Google on this tool card to link your Google account again.";

/** A Sheets failure only the caller's own (new) Google link fixes: the tool result names the integration. */
export const googleLinkNeeded = (message: string) =>
  new AppError("bad_request", message, { connect: "google-sheets" as const });

/** The extra fields of a tool error caused by `err`: `{ connect }` when linking Google would fix it. */
export function linkFieldsOf(err: unknown): { connect?: "google-sheets" } {
  const details = err instanceof AppError ? (err.details as { connect?: unknown } | undefined) : undefined;
  return details?.connect === "google-sheets" ? { connect: "google-sheets" } : {};
}
export const GOOGLE_NOT_CONFIGURED =
  "Google sign-in is not configured on this server, so Google Sheets cannot be connected. Ask your administrator.";
const SHEETS_SCOPES = INTEGRATION_BY_KEY["google-sheets"]!.requiresOAuth!.scopes;

/** A token this close to its expiry is refreshed first rather than sent and refused. */
const EXPIRY_MARGIN_MS = 60_000;

async function sheetsAccount(userId: string) {
  const [first] = await db()
    .select()
    .from(account)
    .where(and(eq(account.userId, userId), ne(account.providerId, "credential")))
    .orderBy(asc(account.createdAt))
    .limit(1);
  const scopes = (first?.scope ?? "").split(/[\s,]+/);
  if (!first || first.providerId !== "google" || !SHEETS_SCOPES.every((s) => scopes.includes(s))) return null;
  return first;
}

interface TokenResponse {
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  error?: string;
  error_description?: string;
}

async function refresh(row: typeof account.$inferSelect, signal?: AbortSignal): Promise<string> {
  if (!row.refreshToken) throw googleLinkNeeded(`Google access has expired. ${RECONNECT_HINT}`);
  const client = googleOAuthClient();
  if (!client) throw new AppError("bad_request", GOOGLE_NOT_CONFIGURED);
  const res = await fetch(await googleTokenEndpoint(client.discoveryUrl), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: await decryptOAuthToken(row.refreshToken),
      client_id: client.clientId,
      client_secret: client.clientSecret,
    }),
    signal,
  });
  const body = (await res.json().catch(() => ({}))) as TokenResponse;
  if (!res.ok || !body.access_token) {
    const why = [body.error, body.error_description].filter(Boolean).join(": ") || `HTTP ${res.status}`;
    throw googleLinkNeeded(`Google refused to renew access (${why}). ${RECONNECT_HINT}`);
  }
  await db()
    .update(account)
    .set({
      accessToken: await encryptOAuthToken(body.access_token),
      accessTokenExpiresAt: new Date(Date.now() + (body.expires_in ?? 3600) * 1000),
      // Google keeps the refresh token; a provider that rotates it sends a new one.
      ...(body.refresh_token ? { refreshToken: await encryptOAuthToken(body.refresh_token) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(account.id, row.id));
  return body.access_token;
}

/**
 * The access token to call Google with on the user's behalf. `renew`: the last one was refused (revoked
 * or expired early), so refresh even though the stored expiry says it is still good.
 */
export async function googleAccessToken(opts: { userId: string; renew?: boolean; signal?: AbortSignal }) {
  const row = await sheetsAccount(opts.userId);
  if (!row) {
    // Linking cannot work on a server without Google sign-in: say so rather than offer a dead button.
    if (!googleOAuthClient()) throw new AppError("bad_request", GOOGLE_NOT_CONFIGURED);
    throw googleLinkNeeded(GOOGLE_SHEETS_NOT_CONNECTED);
  }
  const fresh = !row.accessTokenExpiresAt || row.accessTokenExpiresAt.getTime() - Date.now() > EXPIRY_MARGIN_MS;
  if (row.accessToken && fresh && !opts.renew) return decryptOAuthToken(row.accessToken);
  return refresh(row, opts.signal);
}
