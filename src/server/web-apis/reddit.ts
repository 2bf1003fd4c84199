// Reddit's OAuth API for read_subreddit and search_reddit (https://www.reddit.com/dev/api): listings
// /r/{sub}/{top|new|controversial|hot} and /search, a post's comments /r/{sub}/comments/{id}. Reddit's API
// rules (https://github.com/reddit/reddit/wiki/API) ask for a User-Agent
// "<platform>:<app ID>:<version string> (by /u/<reddit username>)" and for the X-Ratelimit-Remaining /
// X-Ratelimit-Reset headers to be honoured: once the budget is spent no call is made until the reset.
import { AppError } from "../errors";
import { operatorKeys, organizationKeys, orgServiceKeys } from "./org-keys";
import { clientCacheKey, forgetRedditToken, REDDIT_SETTINGS, redditToken, type RedditApp } from "./reddit-token";
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

/** Whether the operator set Reddit up in the environment (an organisation may have its own keys instead). */
export const redditConfigured = () =>
  Boolean(process.env.REDDIT_CLIENT_ID?.trim() && process.env.REDDIT_CLIENT_SECRET?.trim());

/** The Reddit app a call of this organisation uses: its own keys (decision 092), else the operator's. */
export async function redditApp(orgId: string): Promise<RedditApp> {
  const own = await orgServiceKeys(orgId, "reddit");
  const clientId = own ? own.client_id : process.env.REDDIT_CLIENT_ID?.trim();
  const clientSecret = own ? own.client_secret : process.env.REDDIT_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) throw notConfigured("Reddit", REDDIT_SETTINGS);
  const user = own ? own.username : process.env.REDDIT_USERNAME?.trim();
  return {
    clientId,
    clientSecret,
    authBase: baseUrl("REDDIT_AUTH_BASE_URL", "https://www.reddit.com"),
    userAgent: `web:${clientId}:${REDDIT_VERSION}${user ? ` (by /u/${user})` : ""}`,
    owner: own ? organizationKeys("Reddit") : operatorKeys(REDDIT_SETTINGS),
  };
}

/** When each app's request budget is next refilled, if it is spent (epoch ms); per app as tokens are. */
const spentUntil = new Map<string, number>();
const budgetKey = (app: RedditApp) => clientCacheKey(app.authBase, app.clientId, app.clientSecret);

export function resetRedditRateLimits() {
  spentUntil.clear();
}

async function respectBudget(app: RedditApp, signal: AbortSignal) {
  const until = spentUntil.get(budgetKey(app)) ?? 0;
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
  if (remaining < 1 && reset >= 0) spentUntil.set(budgetKey(app), Date.now() + reset * 1000);
}

export interface RedditRefusal {
  status: number;
  reason?: string;
  message?: string;
}

/** GET a path of the OAuth API as `app`; `refusal` may explain a 403/404 better than the generic text. */
export async function redditGet(
  app: RedditApp,
  path: string,
  signal: AbortSignal,
  refusal?: (r: RedditRefusal) => string | undefined,
): Promise<unknown> {
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
      throw credentialsRejected("Reddit", app.owner, "HTTP 401");
    }
    if (res.status === 429) {
      const wait = retryAfterSeconds(res.headers);
      if (wait !== undefined) spentUntil.set(budgetKey(app), Date.now() + wait * 1000);
      throw rateLimited("Reddit", res);
    }
    const explained = refusal?.({ status: res.status, reason: body.reason, message: body.message });
    if (explained) throw new AppError("bad_request", explained);
    throw serviceFailed("Reddit", res.status, body.message);
  }
}
