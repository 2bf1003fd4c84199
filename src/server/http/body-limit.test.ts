// Decision 144: the request-size limit answers 413 in the spec's words whether the body declares its length
// or is chunked, and a POST with a Content-Length is read without a web stream over the socket.
import { request } from "node:http";
import { Readable } from "node:stream";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Hono } from "hono";
import { serve, type ServerType } from "@hono/node-server";
import { bodyLimit } from "./body-limit";
import { AppError } from "../errors";
import { readJson } from "./parse";

const LIMIT = 100;
let server: ServerType;
let port = 0;

beforeAll(async () => {
  const app = new Hono().use("*", bodyLimit(LIMIT)).post("/echo", async (c) => c.json(await readJson(c)));
  app.onError((err, c) =>
    err instanceof AppError ? c.json({ error: err.message }, err.status as 413) : c.json({ error: "boom" }, 500),
  );
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** A POST of `body`, with its Content-Length or chunked (the body written in two pieces). */
function post(body: string, chunked: boolean) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: "/echo",
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(chunked ? {} : { "content-length": Buffer.byteLength(body) }),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode!, text }));
      },
    );
    req.on("error", reject);
    if (chunked) {
      req.write(body.slice(0, 10));
      req.end(body.slice(10));
    } else req.end(body);
  });
}

// No database involved: once, in the PGlite project.
describe.runIf(process.env.TEST_DB !== "postgres")("request-size limit (decision 144)", () => {
  it("a body within the limit is read, declared or chunked", async () => {
    const body = JSON.stringify({ a: "x".repeat(40) });
    for (const chunked of [false, true]) {
      const res = await post(body, chunked);
      expect(res.status, `chunked ${chunked}`).toBe(200);
      expect(JSON.parse(res.text)).toEqual({ a: "x".repeat(40) });
    }
  });

  it("a body over the limit is refused with 413 and the spec's text, declared or chunked", async () => {
    const body = JSON.stringify({ a: "x".repeat(LIMIT) });
    for (const chunked of [false, true]) {
      const res = await post(body, chunked);
      expect(res.status, `chunked ${chunked}`).toBe(413);
      expect(JSON.parse(res.text)).toEqual({ error: "Request body is too large" });
    }
  });

  it("a POST with a Content-Length is read straight from the socket, not through a web stream", async () => {
    const toWeb = vi.spyOn(Readable, "toWeb");
    try {
      const res = await post(JSON.stringify({ ok: true }), false);
      expect(res.status).toBe(200);
      expect(toWeb).not.toHaveBeenCalled();
      // The chunked one still goes through Hono's counting middleware (the web stream).
      expect((await post(JSON.stringify({ ok: true }), true)).status).toBe(200);
      expect(toWeb).toHaveBeenCalled();
    } finally {
      toWeb.mockRestore();
    }
  });
});
