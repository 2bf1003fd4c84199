// Reddit's OAuth API for read_subreddit and search_reddit (https://www.reddit.com/dev/api): listings
// /r/{sub}/{top|new|controversial|hot} and /search, a post's comments /r/{sub}/comments/{id}. Reddit's API
// rules (https://github.com/reddit/reddit/wiki/API) ask for a User-Agent
// "<platform>:<app ID>:<version string> (by /u/<reddit username>)" and for the X-Ratelimit-Remaining /
// X-Ratelimit-Reset headers to be honoured: once the budget is spent no call is made until the reset.
import { AppError } from "../errors";
import { forgetRedditToken, REDDIT_SETTINGS, redditToken, type RedditApp } from "./reddit-token";
import {
  baseUrl,
  credentialsRejected,
  notConfigured,
  rateLimited,
  retryAfterSeconds,
  serviceFailed,
  serviceFetch,
} from "./service-fetch";

export const REDDIT_VERSION = "1.0.0";
/** A spent budget that resets within this long is waited for; a longer wait is an error result. */
export const REDDIT_RATE_WAIT = { maxWaitMs: 3_000 };

export const redditConfigured = () =>
  Boolean(process.env.REDDIT_CLIENT_ID?.trim() && process.env.REDDIT_CLIENT_SECRET?.trim());

export function redditApp(): RedditApp {
  const clientId = process.env.REDDIT_CLIENT_ID?.trim();
  const clientSecret = process.env.REDDIT_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) throw notConfigured("Reddit", REDDIT_SETTINGS);
  const user = process.env.REDDIT_USERNAME?.trim();
  return {
    clientId,
    clientSecret,
    authBase: baseUrl("REDDIT_AUTH_BASE_URL", "https://www.reddit.com"),
    userAgent: `web:${clientId}:${REDDIT_VERSION}${user ? ` (by /u/${user})` : ""}`,
  };
}

/** When each app's request budget is next refilled, if it is spent (epoch ms). */
const spentUntil = new Map<string, number>();

export function resetRedditRateLimits() {
  spentUntil.clear();
}

async function respectBudget(app: RedditApp, signal: AbortSignal) {
  const until = spentUntil.get(app.clientId) ?? 0;
  const wait = until - Date.now();
  if (wait <= 0) return;
  if (wait > REDDIT_RATE_WAIT.maxWaitMs)
    throw new AppError(
      "bad_request",
      `Reddit's rate limit for this app is used up; it resets in ${Math.ceil(wait / 1000)} s.`,
    );
  await new Promise((resolve) => setTimeout(resolve, wait));
  signal.throwIfAborted();
}

function noteBudget(app: RedditApp, headers: Headers) {
  const remaining = Number(headers.get("x-ratelimit-remaining") ?? NaN);
  const reset = Number(headers.get("x-ratelimit-reset") ?? NaN);
  if (remaining < 1 && reset >= 0) spentUntil.set(app.clientId, Date.now() + reset * 1000);
}

export interface RedditRefusal {
  status: number;
  reason?: string;
  message?: string;
}

/** GET a path of the OAuth API; `refusal` may explain a 403/404 better than the generic text. */
export async function redditGet(
  path: string,
  signal: AbortSignal,
  refusal?: (r: RedditRefusal) => string | undefined,
): Promise<unknown> {
  const app = redditApp();
  const apiBase = baseUrl("REDDIT_BASE_URL", "https://oauth.reddit.com");
  for (let attempt = 0; ; attempt++) {
    await respectBudget(app, signal);
    const token = await redditToken(app, signal);
    const res = await serviceFetch(`${apiBase}${path}`, {
      headers: { authorization: `Bearer ${token}`, "user-agent": app.userAgent },
      signal,
    });
    noteBudget(app, res.headers);
    const body = (res.json ?? {}) as { reason?: string; message?: string };
    if (res.ok) return res.json;
    if (res.status === 401) {
      // Revoked or expired early: one fresh token, then the credentials themselves are at fault.
      forgetRedditToken(app);
      if (attempt === 0) continue;
      throw credentialsRejected("Reddit", REDDIT_SETTINGS, "HTTP 401");
    }
    if (res.status === 429) {
      const wait = retryAfterSeconds(res.headers);
      if (wait !== undefined) spentUntil.set(app.clientId, Date.now() + wait * 1000);
      throw rateLimited("Reddit", res);
    }
    const explained = refusal?.({ status: res.status, reason: body.reason, message: body.message });
    if (explained) throw new AppError("bad_request", explained);
    throw serviceFailed("Reddit", res.status, body.message);
  }
}
