// Decision 147: the direct reader's calls go out through node:http; what comes back must be what `fetch`
// would have given the package — its Response for anything but a 2xx event stream, its errors — and the
// stream itself must read as fetch's body reads (every byte, the end, a hang-up, an abort).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { httpSend, StreamedResponse, type BodyReader } from "./http-send";

let server: Server;
let base = "";
const seen: Array<{ method: string; path: string; headers: IncomingMessage["headers"]; body: string }> = [];
const closed: string[] = [];
const routes: Record<string, (res: ServerResponse) => void> = {
  "/stream": (res) => {
    res.writeHead(200, { "content-type": "text/event-stream", "x-request-id": "req_1" });
    res.write("data: one\n\n");
    setTimeout(() => res.end("data: two\n\n"), 20);
  },
  "/limited": (res) => {
    res.writeHead(429, "Too Many Requests", { "content-type": "application/json", "retry-after": "1" });
    res.end('{"error":{"message":"Rate limit reached"}}');
  },
  "/json": (res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end('{"ok":true}');
  },
  "/moved": (res) => {
    res.writeHead(307, { location: "/stream" });
    res.end();
  },
  "/hang-up": (res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write("data: one\n\n");
    setTimeout(() => res.socket?.destroy(), 20);
  },
  "/forever": (res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write("data: one\n\n");
    res.on("close", () => closed.push("/forever"));
  },
  "/slow": (res) => {
    setTimeout(() => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end("data: late\n\n");
    }, 200);
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      seen.push({ method: req.method!, path: req.url!, headers: req.headers, body });
      routes[req.url!]!(res);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const send = httpSend((input, init) => globalThis.fetch(input, init));
const post = (path: string, init: RequestInit = {}) =>
  send(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer sk-test" },
    body: '{"model":"m","stream":true}',
    ...init,
  });
async function text(body: BodyReader) {
  let out = "";
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await body.read();
    if (done) return out;
    out += decoder.decode(value, { stream: true });
  }
}

// No database involved: once, in the PGlite project.
describe.runIf(process.env.TEST_DB !== "postgres")("httpSend (decision 147)", () => {
  it("sends the SDK's request as fetch does and reads a 2xx event stream to its end, without a Response", async () => {
    seen.length = 0;
    const res = await post("/stream");
    expect(res).toBeInstanceOf(StreamedResponse);
    const streamed = res as StreamedResponse;
    expect(streamed.status).toBe(200);
    expect(streamed.headers).toMatchObject({ "content-type": "text/event-stream", "x-request-id": "req_1" });
    expect(await text(streamed.body)).toBe("data: one\n\ndata: two\n\n");
    expect(await streamed.body.read()).toEqual({ done: true, value: undefined });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: "POST", path: "/stream", body: '{"model":"m","stream":true}' });
    // A length, not chunked encoding: the body is sent as one, as fetch sends a string.
    expect(seen[0]!.headers).toMatchObject({ "content-length": "27", authorization: "Bearer sk-test" });
    expect(seen[0]!.headers["transfer-encoding"]).toBeUndefined();
  });

  it("answers anything but a 2xx event stream with fetch's own Response: status, headers and body", async () => {
    for (const path of ["/limited", "/json"]) {
      const ours = await post(path);
      const theirs = await globalThis.fetch(`${base}${path}`, { method: "POST", body: "{}" });
      expect(ours).toBeInstanceOf(Response);
      const r = ours as Response;
      expect([r.status, r.statusText, r.ok]).toEqual([theirs.status, theirs.statusText, theirs.ok]);
      expect(r.headers.get("content-type")).toBe(theirs.headers.get("content-type"));
      expect(r.headers.get("retry-after")).toBe(theirs.headers.get("retry-after"));
      expect(await r.text()).toBe(await theirs.text());
    }
  });

  it("leaves a redirect to fetch, which follows it: the call is sent again, nothing read twice", async () => {
    seen.length = 0;
    const fallback = vi.fn((input: Parameters<typeof fetch>[0], init?: RequestInit) => globalThis.fetch(input, init));
    const res = await httpSend(fallback)(`${base}/moved`, { method: "POST", body: "{}" });
    expect(fallback).toHaveBeenCalledTimes(1);
    expect(res).toBeInstanceOf(Response);
    expect(await (res as Response).text()).toBe("data: one\n\ndata: two\n\n");
    expect(seen.map((s) => s.path)).toEqual(["/moved", "/moved", "/stream"]);
  });

  it("leaves to fetch what it does not send itself: a stream body, a caller's own redirect mode", async () => {
    const fallback = vi.fn(async () => new Response("fetched"));
    const own = httpSend(fallback);
    await own(`${base}/stream`, { method: "POST", body: new ReadableStream(), duplex: "half" } as RequestInit);
    await own(`${base}/stream`, { method: "POST", body: "{}", redirect: "manual" });
    expect(fallback).toHaveBeenCalledTimes(2);
  });

  it("fails as fetch fails: a refused connection is fetch's TypeError, which the SDK retries", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, "127.0.0.1", () => {
        const port = (s.address() as AddressInfo).port;
        s.close(() => resolve(port));
      });
    });
    const url = `http://127.0.0.1:${closedPort}/v1/chat/completions`;
    const ours = await send(url, { method: "POST", body: "{}" }).catch((e: unknown) => e);
    const theirs = await globalThis.fetch(url, { method: "POST", body: "{}" }).catch((e: unknown) => e);
    expect(ours).toBeInstanceOf(TypeError);
    expect((ours as Error).message).toBe((theirs as Error).message);
    expect(((ours as Error).cause as { code?: string }).code).toBe("ECONNREFUSED");
  });

  it("an abort before the answer rejects with the signal's reason; during the body, the read does", async () => {
    const early = new AbortController();
    const pending = post("/slow", { signal: early.signal });
    setTimeout(() => early.abort(new Error("stopped by the user")), 20);
    await expect(pending).rejects.toThrow("stopped by the user");

    const late = new AbortController();
    const res = (await post("/forever", { signal: late.signal })) as StreamedResponse;
    expect(new TextDecoder().decode((await res.body.read()).value)).toBe("data: one\n\n");
    const next = res.body.read();
    late.abort(new Error("stopped later"));
    await expect(next).rejects.toThrow("stopped later");
  });

  it("a connection that closes mid-body fails the read as undici's body does (terminated)", async () => {
    const res = (await post("/hang-up")) as StreamedResponse;
    expect(new TextDecoder().decode((await res.body.read()).value)).toBe("data: one\n\n");
    const err = await res.body.read().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect((err as Error).message).toBe("terminated");
  });

  it("cancelling the body closes the connection (a stopped reply stops the provider's stream)", async () => {
    closed.length = 0;
    const res = (await post("/forever")) as StreamedResponse;
    await res.body.read();
    await res.body.cancel();
    expect(await res.body.read()).toEqual({ done: true, value: undefined });
    await vi.waitFor(() => expect(closed).toEqual(["/forever"]));
  });
});
