// Reddit's application-only OAuth (client credentials): POST {auth base}/api/v1/access_token with the
// app's id and secret as Basic auth → { access_token, token_type, expires_in, scope }. The token is
// kept until shortly before it expires, per app, so a chat turn does not ask for one per call. The app is
// the base URL, the client id and a hash of the secret: two organisations with their own keys (decision 092)
// never share a token, even with one client id, and a changed secret is never served the old one's token.
// https://github.com/reddit-archive/reddit/wiki/OAuth2#application-only-oauth
import { createHash } from "node:crypto";
import { AppError } from "../errors";
import type { KeyOwner } from "./org-keys";
import { credentialsRejected, rateLimited, serviceFailed, serviceFetch } from "./service-fetch";

export const REDDIT_SETTINGS = "REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET";

export interface RedditApp {
  clientId: string;
  clientSecret: string;
  authBase: string;
  userAgent: string;
  /** Whose keys these are: named when Reddit refuses them. */
  owner: KeyOwner;
}

const tokens = new Map<string, { token: string; expiresAt: number }>();
/** Renew this long before Reddit's expiry, so a token never lapses mid-call. */
const EARLY_MS = 60_000;

/** A cache key for an OAuth client: base URL, client id and a hash of the secret (never the secret itself). */
export const clientCacheKey = (base: string, id: string, secret: string) =>
  `${base}|${id}|${createHash("sha256").update(secret, "utf8").digest("base64url")}`;

const cacheKey = (app: RedditApp) => clientCacheKey(app.authBase, app.clientId, app.clientSecret);

export function forgetRedditToken(app: RedditApp) {
  tokens.delete(cacheKey(app));
}

export async function redditToken(app: RedditApp, signal: AbortSignal): Promise<string> {
  const key = cacheKey(app);
  const cached = tokens.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.token;
  const res = await serviceFetch(`${app.authBase}/api/v1/access_token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
      "user-agent": app.userAgent,
    },
    body: new URLSearchParams({ grant_type: "client_credentials" }).toString(),
    signal,
  });
  const body = (res.json ?? {}) as { access_token?: string; expires_in?: number; error?: unknown; message?: string };
  if (res.status === 401 || res.status === 403 || body.error === "invalid_grant")
    throw credentialsRejected("Reddit", app.owner, `HTTP ${res.status}`);
  if (res.status === 429) throw rateLimited("Reddit", res);
  if (!res.ok) throw serviceFailed("Reddit", res.status, body.message);
  if (typeof body.access_token !== "string" || !body.access_token)
    throw new AppError("bad_request", "Reddit's token endpoint answered without an access token");
  const lifetimeMs = (Number(body.expires_in) || 3600) * 1000;
  tokens.set(key, { token: body.access_token, expiresAt: Date.now() + Math.max(0, lifetimeMs - EARLY_MS) });
  return body.access_token;
}
