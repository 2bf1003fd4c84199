// A `fetch`-compatible client for SDKs that stream (model providers with user-supplied base URLs, remote
// MCP servers). guardedFetch buffers and caps bodies, which a token stream or an SSE channel cannot
// live with; this one hands the response back as it arrives but keeps the same guard: every hop is
// resolved through the outbound guard, the connection is pinned to the approved address, and
// redirects are followed here so each Location is checked too.
import type { Response as UndiciResponse } from "undici";
import { AppError } from "../errors";
import { resolvePinned, urlPort } from "./outbound-guard";
import { pooledPinnedAgent, undici } from "./pinned-dispatcher";
import { USER_AGENT } from "./guarded-fetch";
import { isUnexpectedRedirect } from "./fetch-once";

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;
const CROSS_ORIGIN_DROPPED = ["authorization", "cookie", "proxy-authorization", "x-api-key"];

async function check(url: URL) {
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new AppError("bad_request", `Only http and https URLs are allowed, not ${url.protocol.replace(/:$/, "")}`);
  try {
    return await resolvePinned(url.hostname, urlPort(url));
  } catch (err) {
    if (err instanceof AppError && !err.message.includes(url.hostname))
      throw new AppError("bad_request", `${err.message} (${url.hostname})`);
    throw err;
  }
}

/** `fetch` through the outbound guard, streaming the response. Refusals reject with AppError("bad_request"). */
export const guardedStreamFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
  const request = input instanceof Request ? input : null;
  let url = new URL(request ? request.url : input.toString());
  let method = (init.method ?? request?.method ?? "GET").toUpperCase();
  const headers = new Headers(init.headers ?? request?.headers);
  if (!headers.has("user-agent")) headers.set("user-agent", USER_AGENT);
  // Bodies are buffered once so a 307/308 can resend them; SDK request bodies are small JSON.
  let body: string | Uint8Array | null =
    init.body == null
      ? request?.body
        ? new Uint8Array(await request.arrayBuffer())
        : null
      : await replayable(init.body);
  const signal = init.signal ?? request?.signal ?? undefined;

  for (let hop = 0; ; hop++) {
    // Checked every hop, every request; the connection to the approved address is kept alive (decision 112).
    const { fetch } = await undici();
    const dispatcher = await pooledPinnedAgent(await check(url));
    const send = (redirect: "error" | "manual") =>
      fetch(url, {
        method,
        headers: Object.fromEntries(headers),
        body,
        redirect,
        // "error" without a window: undici sends this request, not a copy of it (decision 145).
        ...(redirect === "error" ? { window: null } : {}),
        signal,
        dispatcher,
      });
    let res: UndiciResponse;
    try {
      res = await send("error");
    } catch (err) {
      if (!isUnexpectedRedirect(err)) throw err;
      res = await send("manual"); // a redirect: sent again to read where it points (no output was made)
    }
    const location = REDIRECTS.has(res.status) ? res.headers.get("location") : null;
    if (location === null) return res as unknown as Response;
    await res.body?.cancel().catch(() => {});
    if (hop >= MAX_REDIRECTS) throw new AppError("bad_request", `Too many redirects (more than ${MAX_REDIRECTS})`);
    const next = new URL(location, url);
    if (next.origin !== url.origin) for (const h of CROSS_ORIGIN_DROPPED) headers.delete(h);
    if (
      (res.status === 303 && method !== "HEAD") ||
      ((res.status === 301 || res.status === 302) && method === "POST")
    ) {
      method = "GET";
      body = null;
      headers.delete("content-type");
      headers.delete("content-length");
    }
    url = next;
  }
};

async function replayable(body: BodyInit): Promise<string | Uint8Array> {
  if (typeof body === "string") return body;
  return new Uint8Array(await new Response(body).arrayBuffer());
}
