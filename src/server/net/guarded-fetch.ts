// The one HTTP client for user- or model-supplied URLs. Every hop (the first request and each redirect)
// is resolved through the outbound guard, and the connection goes to the address it approved
// (pinned-dispatcher.ts). Redirects are followed here, not by fetch, so each Location is checked too.
import { AppError } from "../errors";
import { resolvePinned, urlPort } from "./outbound-guard";
import { createPinnedAgent, undici } from "./pinned-dispatcher";
import { decodeText, readCapped, tooLarge } from "./response-body";

export const GUARDED_FETCH_DEFAULTS = { maxRedirects: 5, timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024 } as const;
export const USER_AGENT = "SwitchboardBot/1.0";

export interface GuardedFetchInit {
  method?: string;
  headers?: HeadersInit;
  /** Replayable bodies only, so a 307/308 redirect can resend them. */
  body?: string | Uint8Array | URLSearchParams | null;
  signal?: AbortSignal;
  /** Redirects to follow before failing (default 5; 0 refuses any redirect). */
  maxRedirects?: number;
  /** Whole-request budget across redirects and body, in ms (default 15 000). */
  timeoutMs?: number;
  /** Largest (decoded) response body accepted, in bytes (default 5 MB). */
  maxBytes?: number;
}

export interface GuardedResponse {
  status: number;
  statusText: string;
  ok: boolean;
  headers: Headers;
  /** The URL that answered, after redirects. */
  url: string;
  redirected: boolean;
  body: Uint8Array;
  /** The body decoded by its declared (or, for HTML, sniffed) charset. */
  text(): string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const CROSS_ORIGIN_DROPPED = ["authorization", "cookie", "proxy-authorization"];
const fail = (message: string) => new AppError("bad_request", message);

/** Parses and checks a target: http(s) only; credentials move to a Basic header (first origin only). */
function target(input: string | URL, base?: URL): { url: URL; auth?: string } {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch {
    throw fail(`Invalid URL: ${String(input).slice(0, 200)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw fail(`Only http and https URLs are allowed, not ${url.protocol.replace(/:$/, "")}`);
  if (!url.hostname) throw fail("The URL has no host");
  let auth: string | undefined;
  if (url.username || url.password) {
    auth =
      "Basic " +
      Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString("base64");
    url.username = "";
    url.password = "";
  }
  return { url, auth };
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function connectFailure(err: unknown, url: URL): AppError {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  // fetch refuses the spec's blocked ports (SMTP, IRC, X11 …) before connecting.
  if (cause?.message === "bad port") return fail(`Port ${url.port} is not allowed`);
  const host = url.host;
  const reasons: Record<string, string> = {
    ECONNREFUSED: "connection refused",
    ECONNRESET: "connection reset",
    EHOSTUNREACH: "host unreachable",
    ENETUNREACH: "network unreachable",
    UND_ERR_CONNECT_TIMEOUT: "connection timed out",
    UND_ERR_SOCKET: "connection closed",
  };
  const reason = (cause?.code && reasons[cause.code]) || cause?.message || (err as Error).message || "unknown error";
  return fail(`Could not connect to ${host}: ${reason}`);
}

/** Fetches a user- or model-supplied URL through the outbound guard. Throws AppError("bad_request") on refusal or failure. */
export async function guardedFetch(input: string | URL, init: GuardedFetchInit = {}): Promise<GuardedResponse> {
  const {
    maxRedirects = GUARDED_FETCH_DEFAULTS.maxRedirects,
    timeoutMs = GUARDED_FETCH_DEFAULTS.timeoutMs,
    maxBytes = GUARDED_FETCH_DEFAULTS.maxBytes,
  } = init;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  const first = target(input);
  let url = first.url;
  let method = (init.method ?? "GET").toUpperCase();
  let body = init.body ?? null;
  const headers = new Headers(init.headers);
  if (!headers.has("user-agent")) headers.set("user-agent", USER_AGENT);
  if (first.auth && !headers.has("authorization")) headers.set("authorization", first.auth);

  for (let hop = 0; ; hop++) {
    let agent: Awaited<ReturnType<typeof createPinnedAgent>> | undefined;
    try {
      agent = await createPinnedAgent(await guard(url, signal));
      const res = await (
        await undici()
      ).fetch(url, {
        method,
        headers: Object.fromEntries(headers),
        body,
        redirect: "manual",
        signal,
        dispatcher: agent,
      });
      const location = REDIRECTS.has(res.status) ? res.headers.get("location") : null;
      if (location === null) {
        const declared = Number(res.headers.get("content-length") ?? NaN);
        if (!res.headers.has("content-encoding") && declared > maxBytes) throw tooLarge(maxBytes);
        const bytes = await readCapped(res.body as ReadableStream<Uint8Array> | null, maxBytes);
        const resHeaders = new Headers([...res.headers]);
        return {
          status: res.status,
          statusText: res.statusText,
          ok: res.ok,
          headers: resHeaders,
          url: url.href,
          redirected: hop > 0,
          body: bytes,
          text: () => decodeText(bytes, resHeaders.get("content-type")),
        };
      }
      await res.body?.cancel().catch(() => {});
      if (hop >= maxRedirects) throw fail(`Too many redirects (more than ${maxRedirects})`);
      const next = target(location, url).url; // credentials in a Location are dropped, never sent
      if (next.origin !== url.origin) for (const h of CROSS_ORIGIN_DROPPED) headers.delete(h);
      if (
        (res.status === 303 && method !== "HEAD") ||
        ((res.status === 301 || res.status === 302) && method === "POST")
      ) {
        method = "GET";
        body = null;
        for (const h of ["content-type", "content-length", "content-encoding", "content-language"]) headers.delete(h);
      }
      url = next;
    } catch (err) {
      if (timeout.aborted) throw fail(`Request to ${url.host} timed out after ${formatSeconds(timeoutMs)}`);
      if (signal.aborted) throw fail("Request was cancelled");
      if (err instanceof AppError) throw err;
      throw connectFailure(err, url);
    } finally {
      void agent?.destroy().catch(() => {});
    }
  }
}

async function guard(url: URL, signal: AbortSignal) {
  try {
    return await abortable(resolvePinned(url.hostname, urlPort(url)), signal);
  } catch (err) {
    if (err instanceof AppError)
      throw err.message.includes(url.hostname) ? err : fail(`${err.message} (${url.hostname})`);
    throw err;
  }
}

const formatSeconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`);
