// One JSON call to a third-party web API (Reddit, TikTok, USDA FoodData Central). It goes through the
// outbound guard because an operator may point a base URL at a gateway, has a time limit, and turns the
// service's refusals (bad credentials, 429 with Retry-After, quota) into a reason a person can act on.
import { AppError } from "../errors";
import { guardedFetch } from "../net/guarded-fetch";
import { keyFix, type KeyOwner } from "./org-keys";

/** Longest one call may take, and the largest answer read (mutable for tests). */
export const WEB_API_LIMITS = { timeoutMs: 20_000, maxBytes: 8 * 1024 * 1024 };

export interface ServiceResponse {
  status: number;
  ok: boolean;
  headers: Headers;
  json: unknown;
}

export async function serviceFetch(
  url: string,
  init: {
    method?: "GET" | "POST";
    headers?: Record<string, string>;
    body?: string;
    signal: AbortSignal;
    /** Integer fields read as strings: 64-bit ids (TikTok's) lose digits as JavaScript numbers. */
    bigIntFields?: readonly string[];
  },
): Promise<ServiceResponse> {
  const res = await guardedFetch(url, {
    method: init.method ?? "GET",
    headers: { accept: "application/json", ...init.headers },
    body: init.body ?? null,
    signal: init.signal,
    timeoutMs: WEB_API_LIMITS.timeoutMs,
    maxBytes: WEB_API_LIMITS.maxBytes,
  });
  let json: unknown = null;
  try {
    let text = res.text();
    for (const f of init.bigIntFields ?? [])
      text = text.replace(new RegExp(`"${f}"\\s*:\\s*(-?\\d+)`, "g"), `"${f}":"$1"`);
    json = JSON.parse(text);
  } catch {
    // A gateway's HTML error page: the status alone explains it.
  }
  return { status: res.status, ok: res.ok, headers: res.headers, json };
}

/** Seconds to wait from a Retry-After header (delta-seconds or an HTTP date), if it says. */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | undefined {
  const raw = headers.get("retry-after")?.trim();
  if (!raw) return undefined;
  if (/^\d+$/.test(raw)) return Number(raw);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** "Reddit is rate-limiting these requests (HTTP 429); try again in 30 s." */
export function rateLimited(service: string, res: Pick<ServiceResponse, "headers">, detail?: string): AppError {
  const wait = retryAfterSeconds(res.headers);
  const when = wait === undefined ? "try again later" : `try again in ${wait} s`;
  return new AppError(
    "bad_request",
    `${service} is rate-limiting these requests (HTTP 429${detail ? `: ${detail}` : ""}); ${when}.`,
  );
}

/** The credentials were refused: say who must fix them (the operator's settings or the organisation's keys). */
export const credentialsRejected = (service: string, owner: KeyOwner, detail?: string) =>
  new AppError(
    "bad_request",
    `${service} rejected the configured credentials${detail ? ` (${detail})` : ""}. ${keyFix(owner)}`,
  );

/** Any other refusal, with the service's own message when it sent one. */
export const serviceFailed = (service: string, status: number, detail?: string) =>
  new AppError("bad_request", `${service} answered HTTP ${status}${detail ? `: ${detail}` : ""}`);

/** The setting is missing: the tool cannot run until the operator sets it. */
export const notConfigured = (service: string, settings: string) =>
  new AppError("bad_request", `${service} is not configured on this server. The server operator must set ${settings}.`);

/** The reason an error result gives the model: our own coded messages as they are, anything else briefly. */
export const reasonOf = (err: unknown) =>
  err instanceof AppError ? err.message : err instanceof Error && err.message ? err.message : "Unknown error";

/** An operator-set base URL without its trailing slashes, or the service's own. */
export const baseUrl = (name: string, fallback: string) => (process.env[name]?.trim() || fallback).replace(/\/+$/, "");

/** Runs `fn` over items, at most `limit` at once, keeping order. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
