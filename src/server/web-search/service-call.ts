// One JSON call to a web search service (Google Programmable Search, SearXNG, Perplexity) at an address
// the operator set: their default hosts or GOOGLE_SEARCH_BASE_URL / SEARXNG_URL / PERPLEXITY_BASE_URL.
// Like OPENAI_BASE_URL those are the operator's choice, not an org member's, so the call is a plain
// fetch, not the outbound guard's (decision 071). Every call has a time limit; every failure becomes an
// AppError whose message is the readable reason, never the request URL (Google's key rides in it).
import { AppError } from "../errors";
import { readCapped } from "../net/response-body";
import { serviceErrorReason, type ServiceInfo } from "./service-error";

/** Largest answer read from a service: search results and reports are far smaller. */
const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

const duration = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

export const trimBase = (url: string) => url.trim().replace(/\/+$/, "");

export async function callService<T>(opts: {
  service: ServiceInfo;
  url: string;
  init?: RequestInit;
  timeoutMs: number;
  signal: AbortSignal;
}): Promise<T> {
  const { service, timeoutMs } = opts;
  const signal = AbortSignal.any([opts.signal, AbortSignal.timeout(timeoutMs)]);
  const failed = (reason: string) => new AppError("bad_gateway", reason);
  let res: Response;
  let body: string;
  try {
    res = await fetch(opts.url, { ...opts.init, signal, redirect: "error" });
    body = Buffer.from(await readCapped(res.body, MAX_RESPONSE_BYTES)).toString("utf8");
  } catch (err) {
    if (err instanceof AppError) throw failed(`${service.name} answered too much: ${err.message}`);
    if ((err as Error).name === "TimeoutError" && !opts.signal.aborted)
      throw failed(`${service.name} did not answer within ${duration(timeoutMs)}`);
    if (opts.signal.aborted) throw failed(`The request to ${service.name} was stopped`);
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw failed(`Could not reach ${service.name}${cause?.code ? ` (${cause.code})` : ""}`);
  }
  if (!res.ok) throw failed(serviceErrorReason(service, res.status, body, res.headers.get("retry-after")));
  try {
    return JSON.parse(body) as T;
  } catch {
    throw failed(`${service.name} answered something other than JSON (HTTP ${res.status})`);
  }
}

/** The reason an AppError (or anything else thrown) carries. */
export const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
