// TikTok's Research API for search_tiktok (https://developers.tiktok.com/doc/research-api-specs-query-videos,
// …-query-video-comments; token: https://developers.tiktok.com/doc/client-access-token-management).
// A client access token (client_credentials, about 2 hours) is kept per app until shortly before it
// expires, keyed by base URL, client key and a hash of the secret so two organisations with their own keys
// (decision 092) never share one. Answers are { data, error: { code, message, log_id } }; code "ok" is success.
import { AppError } from "../errors";
import { operatorKeys, organizationKeys, orgServiceKeys, type KeyOwner } from "./org-keys";
import { clientCacheKey } from "./reddit-token";
import { baseUrl, credentialsRejected, notConfigured, rateLimited, serviceFailed, serviceFetch } from "./service-fetch";

export const TIKTOK_SETTINGS = "TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET";
const EARLY_MS = 60_000;

export interface TiktokApp {
  key: string;
  secret: string;
  base: string;
  owner: KeyOwner;
}
const tokens = new Map<string, { token: string; expiresAt: number }>();

/** Whether the operator set TikTok up in the environment (an organisation may have its own keys instead). */
export const tiktokConfigured = () =>
  Boolean(process.env.TIKTOK_CLIENT_KEY?.trim() && process.env.TIKTOK_CLIENT_SECRET?.trim());

/** The TikTok app a call of this organisation uses: its own keys (decision 092), else the operator's. */
export async function tiktokApp(orgId: string): Promise<TiktokApp> {
  const own = await orgServiceKeys(orgId, "tiktok");
  const key = own ? own.client_key : process.env.TIKTOK_CLIENT_KEY?.trim();
  const secret = own ? own.client_secret : process.env.TIKTOK_CLIENT_SECRET?.trim();
  if (!key || !secret) throw notConfigured("TikTok", TIKTOK_SETTINGS);
  return {
    key,
    secret,
    base: baseUrl("TIKTOK_BASE_URL", "https://open.tiktokapis.com"),
    owner: own ? organizationKeys("TikTok") : operatorKeys(TIKTOK_SETTINGS),
  };
}

async function tiktokToken(app: TiktokApp, signal: AbortSignal, renew = false): Promise<string> {
  const cacheKey = clientCacheKey(app.base, app.key, app.secret);
  const cached = tokens.get(cacheKey);
  if (!renew && cached && cached.expiresAt > Date.now()) return cached.token;
  const res = await serviceFetch(`${app.base}/v2/oauth/token/`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "cache-control": "no-cache" },
    body: new URLSearchParams({
      client_key: app.key,
      client_secret: app.secret,
      grant_type: "client_credentials",
    }).toString(),
    signal,
  });
  const body = (res.json ?? {}) as {
    access_token?: string;
    expires_in?: number;
    error?: string;
    error_description?: string;
  };
  if (res.status === 429) throw rateLimited("TikTok", res);
  if (body.error === "invalid_client" || res.status === 401)
    throw credentialsRejected("TikTok", app.owner, body.error_description || `HTTP ${res.status}`);
  if (!res.ok || body.error || !body.access_token)
    throw serviceFailed("TikTok", res.status, body.error_description || body.error || "no access token in the answer");
  const ms = (Number(body.expires_in) || 7200) * 1000;
  tokens.set(cacheKey, { token: body.access_token, expiresAt: Date.now() + Math.max(0, ms - EARLY_MS) });
  return body.access_token;
}

interface TiktokError {
  code?: string;
  message?: string;
  log_id?: string;
}

/** POST one Research API endpoint as `app` (body: JSON text); a rejected token is renewed once. Returns `data`. */
export async function tiktokPost<T>(
  app: TiktokApp,
  path: string,
  fields: string,
  body: string,
  signal: AbortSignal,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const token = await tiktokToken(app, signal, attempt > 0);
    const res = await serviceFetch(`${app.base}${path}?fields=${fields}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body,
      signal,
      bigIntFields: ["id"],
    });
    const answer = (res.json ?? {}) as { data?: T; error?: TiktokError };
    const err = answer.error ?? {};
    if (res.ok && (err.code === undefined || err.code === "ok")) return (answer.data ?? {}) as T;
    const detail = [err.message, err.log_id && `log id ${err.log_id}`].filter(Boolean).join("; ") || undefined;
    if (res.status === 401 || err.code === "access_token_invalid") {
      if (attempt === 0) continue;
      throw credentialsRejected("TikTok", app.owner, detail);
    }
    if (res.status === 429 || err.code === "rate_limit_exceeded") throw rateLimited("TikTok", res, detail);
    if (res.status === 403 || err.code === "scope_not_authorized")
      throw new AppError(
        "bad_request",
        `TikTok refused the Research API to this app${detail ? ` (${detail})` : ""}. The app needs Research API access.`,
      );
    throw serviceFailed("TikTok", res.status, detail ?? err.code);
  }
}
