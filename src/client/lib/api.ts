// The authenticated helper (chat spec §7, API-01/05) and the SWR fetcher built on it (ERR-01).
import { authClient } from "./auth-client";
import { getSessionToken, setSessionToken } from "./session-token";

export interface ApiFailure {
  ok: false;
  status: number;
  statusText: string;
  data: unknown;
}

export interface AuthFetchOptions {
  method?: string;
  /** A plain value is sent as JSON; FormData, Blob and strings are sent as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Return the Response untouched (streams, downloads). */
  raw?: boolean;
}

/** The server's error codes (`{ error, code }` bodies, src/server/errors.ts), by status for other bodies. */
const CODE_BY_STATUS: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  413: "payload_too_large",
  429: "rate_limited",
  502: "bad_gateway",
};

/**
 * The one error of a failed call, thrown by the SWR fetcher and by `callApi`: message "HTTP {status}"
 * (ERR-01), the status, the parsed body and the server's error code attached.
 */
export class HttpError extends Error {
  readonly code: string;
  constructor(
    readonly status: number,
    readonly info: unknown,
  ) {
    super(`HTTP ${status}`);
    this.name = "HttpError";
    const code = (info as { code?: unknown } | null)?.code;
    this.code =
      typeof code === "string" && code
        ? code
        : (CODE_BY_STATUS[status] ?? (status >= 500 ? "internal" : "bad_request"));
  }
}

async function bearerToken(): Promise<string | null> {
  const known = getSessionToken();
  if (known) return known;
  // Only reached when a call races the auth gate.
  const token = (await authClient.getSession()).data?.session.token ?? null;
  setSessionToken(token);
  return token;
}

async function send(url: string, opts: AuthFetchOptions): Promise<Response> {
  const headers = new Headers(opts.headers);
  const token = await bearerToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  const passThrough = opts.body instanceof FormData || opts.body instanceof Blob || typeof opts.body === "string";
  // FormData sets its own multipart boundary; everything else is JSON.
  if (!(opts.body instanceof FormData) && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  return fetch(url, {
    method: opts.method ?? "GET",
    headers,
    credentials: "same-origin",
    signal: opts.signal,
    body: opts.body === undefined ? undefined : passThrough ? (opts.body as BodyInit) : JSON.stringify(opts.body),
  });
}

/** Parses a body as JSON when it says so, else as text; an empty body is null. */
export async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  if ((res.headers.get("content-type") ?? "").includes("json")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export function authFetch(url: string, opts: AuthFetchOptions & { raw: true }): Promise<Response>;
export function authFetch<T = unknown>(url: string, opts?: AuthFetchOptions & { raw?: false }): Promise<T | ApiFailure>;
export async function authFetch(url: string, opts: AuthFetchOptions = {}): Promise<unknown> {
  const res = await send(url, opts);
  if (opts.raw) return res;
  const data = await readBody(res);
  if (!res.ok) return { ok: false, status: res.status, statusText: res.statusText, data } satisfies ApiFailure;
  return data;
}

/**
 * The call the client's API modules make: the parsed body, or an HttpError for any non-2xx answer, so
 * that a caller handles every failure in one `catch` (a network failure rejects with the fetch error).
 */
export async function callApi<T = unknown>(url: string, opts: Omit<AuthFetchOptions, "raw"> = {}): Promise<T> {
  const res = await send(url, opts);
  const data = await readBody(res);
  if (!res.ok) throw new HttpError(res.status, data);
  return data as T;
}

/** SWR fetcher: the parsed body, or an HttpError for any non-2xx answer. */
export const fetcher = <T = unknown>(url: string): Promise<T> => callApi<T>(url);

export function isApiFailure(value: unknown): value is ApiFailure {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as ApiFailure).ok === false &&
    typeof (value as ApiFailure).status === "number"
  );
}

/** The server's `{ error }` text of a failed call (API-06), else the fallback. */
export function errorMessage(failure: unknown, fallback: string): string {
  const body = failure instanceof HttpError ? failure.info : isApiFailure(failure) ? failure.data : undefined;
  const text = (body as { error?: unknown } | null | undefined)?.error;
  return typeof text === "string" && text ? text : fallback;
}
