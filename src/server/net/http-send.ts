// A model call whose stream the direct reader reads (decision 141) is sent with node:http(s), not `fetch`
// (decision 147). undici's fetch hands every read of the body through a web byte stream (a promise and a
// controller step per network read) and builds a Request, a Response and their header lists per call:
// ~25 µs a token and ~0.3 ms a call of CPU on the bench machine (bench/README.md) that node:http's
// `data` events do not cost. Only the answer the reader takes — a 2xx event stream — stays a plain body
// reader; any other answer becomes a web `Response` for the package, as `fetch` would have made it, and
// anything this sender does not handle the way `fetch` does (a redirect, a stream body, a `Request`) goes
// to `fetch` itself. Errors look like fetch's: the SDK's retry and abort handling sees no difference.
import type * as Http from "node:http";
import type { Agent, IncomingMessage, RequestOptions } from "node:http";

type Fetch = typeof globalThis.fetch;

/** What the direct reader reads a body with: a web stream's reader or a node response's `data` events. */
export interface BodyReader {
  read(): Promise<ReadableStreamReadResult<Uint8Array>>;
  cancel(reason?: unknown): Promise<void>;
}

/** A 2xx event stream as the direct reader takes it: no web Response around it. */
export class StreamedResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: BodyReader;
  constructor(status: number, headers: Record<string, string>, body: BodyReader) {
    this.status = status;
    this.headers = headers;
    this.body = body;
  }
}

/** Sends a call; a 2xx event stream comes back as a StreamedResponse, any other answer as `fetch`'s Response. */
export type Send = (input: Parameters<Fetch>[0], init?: RequestInit) => Promise<StreamedResponse | Response>;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([204, 205, 304]);

type HttpModule = typeof Http;
const modules: Partial<Record<"http:" | "https:", Promise<{ mod: HttpModule; agent: Agent }>>> = {};
/**
 * node:https loads with the first https call, not at start; one keep-alive agent per scheme. An idle connection
 * is closed after 4 s, as undici's are (its keepAliveTimeout) unless the server's Keep-Alive hint is shorter
 * (Node's agent reads it too); the agent applies this timeout only to idle sockets, not to a silent stream.
 */
function transport(protocol: "http:" | "https:") {
  return (modules[protocol] ??= (protocol === "https:" ? import("node:https") : import("node:http")).then((m) => {
    const mod = ((m as { default?: HttpModule }).default ?? m) as HttpModule;
    return { mod, agent: new mod.Agent({ keepAlive: true, timeout: 4_000 }) };
  }));
}

/** fetch's rejection for a network failure, which the SDK retries (its handleFetchError). */
const fetchFailed = (cause: unknown) => new TypeError("fetch failed", { cause });

/** Headers as a plain object, whatever form `init.headers` took. */
function headerObject(h: RequestInit["headers"]): Record<string, string> {
  if (!h) return {};
  if (h instanceof Headers || Array.isArray(h)) return Object.fromEntries(h as Iterable<[string, string]>);
  // (An undefined value is left out, as the SDK leaves it out: http.request would throw on it.)
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h as Record<string, string | undefined>)) if (v !== undefined) out[k] = v;
  return out;
}

/** A response's headers with lower-case names, repeated ones joined as a Headers object joins them. */
function responseHeaders(res: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  const raw = res.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    out[name] = name in out ? `${out[name]}, ${raw[i + 1]}` : raw[i + 1]!;
  }
  return out;
}

/** `fetch`'s Response for an answer the package reads whole (an error status, a body that is not a stream). */
async function wholeResponse(res: IncomingMessage, signal: AbortSignal | undefined): Promise<Response> {
  const chunks: Buffer[] = [];
  const body = new NodeBody(res, signal);
  for (;;) {
    const { done, value } = await body.read();
    if (done) break;
    chunks.push(value as Buffer);
  }
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
  const status = res.statusCode!;
  return new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), {
    status,
    statusText: res.statusMessage,
    headers,
  });
}

/**
 * Reads a node response as a web stream's reader would: a read resolves with the next network chunk, the end,
 * or the failure — a connection closed mid-body fails as undici's body does ("terminated"), an abort with the
 * signal's reason. Chunks that come before a read are held (the response paused meanwhile).
 */
export class NodeBody implements BodyReader {
  private readonly res: IncomingMessage;
  private readonly queue: Buffer[] = [];
  private state: "open" | "ended" | "failed" = "open";
  private failure: unknown;
  private waiting: { resolve(r: ReadableStreamReadResult<Uint8Array>): void; reject(e: unknown): void } | undefined;
  private readonly signal: AbortSignal | undefined;
  private readonly onAbort = () => this.fail(this.signal!.reason);

  constructor(res: IncomingMessage, signal?: AbortSignal) {
    this.res = res;
    this.signal = signal;
    res.on("data", (chunk: Buffer) => {
      const w = this.waiting;
      if (w) {
        this.waiting = undefined;
        w.resolve({ done: false, value: chunk });
      } else {
        this.queue.push(chunk);
        res.pause();
      }
    });
    res.on("end", () => this.end());
    res.on("error", (err) => this.fail(new TypeError("terminated", { cause: err })));
    res.on("close", () => {
      if (this.state === "open" && !res.complete) this.fail(new TypeError("terminated"));
    });
    if (signal) {
      if (signal.aborted) this.onAbort();
      else signal.addEventListener("abort", this.onAbort, { once: true });
    }
  }

  private settle(state: "ended" | "failed") {
    this.state = state;
    this.signal?.removeEventListener("abort", this.onAbort);
  }

  private end() {
    if (this.state !== "open") return;
    this.settle("ended");
    const w = this.waiting;
    this.waiting = undefined;
    w?.resolve({ done: true, value: undefined });
  }

  private fail(err: unknown) {
    if (this.state !== "open") return;
    this.settle("failed");
    this.failure = err;
    this.queue.length = 0;
    this.res.destroy();
    const w = this.waiting;
    this.waiting = undefined;
    w?.reject(err);
  }

  read(): Promise<ReadableStreamReadResult<Uint8Array>> {
    const next = this.queue.shift();
    if (next) {
      if (!this.queue.length && this.state === "open") this.res.resume();
      return Promise.resolve({ done: false, value: next });
    }
    if (this.state === "ended") return Promise.resolve({ done: true, value: undefined });
    if (this.state === "failed") return Promise.reject(this.failure);
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  /** Stops reading: the connection is closed (not reused), as a cancelled fetch body's is. */
  cancel(): Promise<void> {
    if (this.state === "open") {
      this.settle("ended");
      this.queue.length = 0;
      this.res.destroy();
      const w = this.waiting;
      this.waiting = undefined;
      w?.resolve({ done: true, value: undefined });
    }
    return Promise.resolve();
  }
}

/** Node's fetch goes through HTTP(S)_PROXY when asked to; these agents would not: such calls stay fetch's. */
const envProxy = () => !!process.env.NODE_USE_ENV_PROXY || process.execArgv.includes("--use-env-proxy");

/** A Send over node:http(s), handing what it does not handle as fetch does to `fallback`. */
export function httpSend(fallback: Fetch): Send {
  return async (input, init = {}) => {
    const body = init.body;
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : undefined;
    const protocol = url?.startsWith("https:") ? "https:" : url?.startsWith("http:") ? "http:" : undefined;
    if (
      !url ||
      !protocol ||
      !(body == null || typeof body === "string" || body instanceof Uint8Array) ||
      (init.redirect ?? "follow") !== "follow" ||
      envProxy()
    )
      return fallback(input, init);
    const signal = init.signal ?? undefined;
    signal?.throwIfAborted();
    const { mod, agent } = await transport(protocol);
    const headers = headerObject(init.headers);
    if (body != null) headers["content-length"] = String(Buffer.byteLength(body));
    const options: RequestOptions = { method: (init.method ?? "GET").toUpperCase(), headers, agent };
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = mod.request(url, options, (r) => {
        signal?.removeEventListener("abort", onAbort);
        resolve(r);
      });
      req.on("error", (err) => {
        signal?.removeEventListener("abort", onAbort);
        reject(signal?.aborted ? signal.reason : fetchFailed(err));
      });
      const onAbort = () => {
        reject(signal!.reason);
        req.destroy();
      };
      if (signal?.aborted) onAbort();
      else signal?.addEventListener("abort", onAbort, { once: true });
      req.end(body ?? undefined);
    });
    const status = res.statusCode!;
    if (REDIRECTS.has(status) && res.headers.location !== undefined) {
      // Followed by fetch: the answer carries no model output, so the call is simply sent again (decision 145).
      res.resume();
      return fallback(input, init);
    }
    const stream = (res.headers["content-type"] ?? "").includes("text/event-stream");
    if (status < 200 || status > 299 || !stream) return wholeResponse(res, signal);
    return new StreamedResponse(status, responseHeaders(res), new NodeBody(res, signal));
  };
}
