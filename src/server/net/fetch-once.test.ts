// Decision 145: a model call is sent without undici's copy of the request; a redirect is still followed.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchOnce } from "./fetch-once";

let server: Server;
let base = "";
const seen: Array<{ path: string; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      seen.push({ path: req.url!, body });
      if (req.url === "/moved") {
        res.writeHead(307, { location: "/v1/chat/completions" });
        return res.end();
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(`data: ${JSON.stringify({ echo: body })}\n\n`);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const post = (path: string, init: RequestInit = {}) =>
  fetchOnce()(`${base}${path}`, { method: "POST", body: '{"model":"m"}', ...init });

// No database involved: once, in the PGlite project.
describe.runIf(process.env.TEST_DB !== "postgres")("fetchOnce (decision 145)", () => {
  it("sends a call once and returns the provider's answer as it came", async () => {
    seen.length = 0;
    const res = await post("/v1/chat/completions");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(`data: ${JSON.stringify({ echo: '{"model":"m"}' })}\n\n`);
    expect(seen).toEqual([{ path: "/v1/chat/completions", body: '{"model":"m"}' }]);
    // …in the one mode where undici sends the request itself rather than a copy of it.
    const modes: Array<{ redirect?: string; window?: unknown }> = [];
    await fetchOnce((input, init) => {
      modes.push({ redirect: init?.redirect, window: init?.window });
      return globalThis.fetch(input, init);
    })(`${base}/v1/chat/completions`, { method: "POST", body: "{}" }).then((r) => r.text());
    expect(modes).toEqual([{ redirect: "error", window: null }]);
  });

  it("follows a redirect as fetch does: the redirected call is sent again as asked, body and all", async () => {
    seen.length = 0;
    const res = await post("/moved");
    expect(res.status).toBe(200);
    expect(res.redirected).toBe(true);
    expect(await res.text()).toContain("echo");
    // The first attempt stops at the redirect; the second follows it with the body resent (307).
    expect(seen).toEqual([
      { path: "/moved", body: '{"model":"m"}' },
      { path: "/moved", body: '{"model":"m"}' },
      { path: "/v1/chat/completions", body: '{"model":"m"}' },
    ]);
  });

  it("a caller's own redirect mode is left alone", async () => {
    seen.length = 0;
    const res = await post("/moved", { redirect: "manual" });
    expect(res.status).toBe(307);
    expect(seen).toHaveLength(1);
    await expect(post("/moved", { redirect: "error" })).rejects.toThrow(TypeError);
  });

  it("other network errors reach the caller unchanged", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const err = await fetchOnce()(`http://127.0.0.1:${port}/x`, { method: "POST", body: "{}" }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(TypeError);
    expect(((err as TypeError).cause as { code?: string }).code).toBe("ECONNREFUSED");
  });
});
