// /api/chat through Node's HTTP server, where a reply this process owns is written straight to the
// socket (node-stream.ts) rather than through a web ReadableStream: the same headers and lines, a
// client that leaves does not stop the reply, and a resume reads it from the start.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serve, type ServerType } from "@hono/node-server";
import { connect, type AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { parseDataStreamPart } from "@ai-sdk/ui-utils";
import { desc, eq } from "drizzle-orm";
import { startFakeProvider, type FakeProvider } from "../../../e2e/support/fake-provider";
import { getTestContext, type TestContext } from "../test/context";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";
import { connectOpenAI, createAgent } from "../test/seed";
import { db } from "../db/client";
import { message } from "../db/tables";

let ctx: TestContext;
let f: TenancyFixture;
let fake: FakeProvider;
let server: ServerType;
let base: string;
let agentId: number;

beforeAll(async () => {
  fake = await startFakeProvider();
  process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
  await connectOpenAI(ctx.app, f.a.admin, f.a.id);
  agentId = (await createAgent(ctx.app, f.a.admin, f.a.id, { name: "Direct" })).id;
  await new Promise<void>((resolve) => {
    server = serve({ fetch: ctx.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await fake?.close();
});

const post = (content: string, signal?: AbortSignal) =>
  fetch(`${base}/api/chat?orgId=${f.a.id}`, {
    method: "POST",
    signal,
    headers: { authorization: `Bearer ${f.a.member.token}`, "content-type": "application/json" },
    body: JSON.stringify({ agentId, threadId: null, messages: [{ id: randomUUID(), role: "user", content }] }),
  });
const textOf = (body: string) =>
  body
    .split("\n")
    .filter(Boolean)
    .map((l) => parseDataStreamPart(l))
    .filter((p) => p.type === "text")
    .map((p) => p.value)
    .join("");

async function lastMessage(threadId: string) {
  const [row] = await db()
    .select()
    .from(message)
    .where(eq(message.conversationId, threadId))
    .orderBy(desc(message.seq))
    .limit(1);
  return row!;
}

describe("/api/chat over Node's HTTP server", () => {
  it("[API-17] [STREAM-29] streams the line protocol with the stream headers and X-Thread-ID", async () => {
    const res = await post("over the wire");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("x-vercel-ai-data-stream")).toBe("v1");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const threadId = res.headers.get("x-thread-id")!;
    expect(threadId).toMatch(/^[0-9a-f-]{36}$/);
    const body = await res.text();
    expect(textOf(body)).toBe("You said: over the wire");
    expect(body).toMatch(/^f:/);
    expect(body).toContain('d:{"finishReason":"stop"');
    await expect.poll(async () => (await lastMessage(threadId)).status).toBe("complete");
  });

  it("[API-18] a client that leaves mid-reply does not stop it, and a resume over HTTP reads it from the start", async () => {
    fake.reset();
    const leaving = new AbortController();
    const res = await post("[long] leave me", leaving.signal);
    const threadId = res.headers.get("x-thread-id")!;
    const reader = res.body!.getReader();
    await reader.read();
    leaving.abort(); // the tab is closed
    await reader.cancel().catch(() => {});

    const resumed = await fetch(`${base}/api/chat?orgId=${f.a.id}&chatId=${threadId}`, {
      headers: { authorization: `Bearer ${f.a.member.token}` },
    });
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get("x-vercel-ai-data-stream")).toBe("v1");
    const text = textOf(await resumed.text());
    expect(text.startsWith("You said: leave me")).toBe(true);
    expect(text.length).toBeGreaterThan(1000);
    expect(fake.requests).toHaveLength(1);
    const row = await lastMessage(threadId);
    expect(row).toMatchObject({ status: "complete", content: text });
  });

  it("[API-17] [STREAM-29] frames each batch as one HTTP chunk of its byte length; the connection then serves the next request", async () => {
    // A raw HTTP/1.1 client, so the framing itself is read: multi-byte text (lengths are bytes, not characters),
    // a slow reply (many batches), then a second request on the same keep-alive connection.
    const socket = connect((server.address() as AddressInfo).port, "127.0.0.1");
    await new Promise((r) => socket.once("connect", r));
    let raw = Buffer.alloc(0);
    socket.on("data", (d: Buffer) => (raw = Buffer.concat([raw, d])));
    const request = (content: string) => {
      const body = JSON.stringify({ agentId, threadId: null, messages: [{ id: randomUUID(), role: "user", content }] });
      socket.write(
        `POST /api/chat?orgId=${f.a.id} HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${f.a.member.token}\r\n` +
          `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    };
    /** Reads one chunked response off `raw`: its head and the chunks' data, in order. */
    const response = async () => {
      await expect.poll(() => raw.includes("\r\n0\r\n\r\n"), { timeout: 10_000 }).toBe(true);
      const headEnd = raw.indexOf("\r\n\r\n");
      const head = raw.subarray(0, headEnd).toString();
      let at = headEnd + 4;
      const chunks: Buffer[] = [];
      for (;;) {
        const lineEnd = raw.indexOf("\r\n", at);
        const size = parseInt(raw.subarray(at, lineEnd).toString(), 16);
        at = lineEnd + 2;
        if (size === 0) break;
        chunks.push(raw.subarray(at, at + size));
        // Exactly `size` bytes, then CRLF: a length counted in characters would land elsewhere.
        expect(raw.subarray(at + size, at + size + 2).toString()).toBe("\r\n");
        at += size + 2;
      }
      raw = raw.subarray(at + 2);
      return { head, chunks };
    };
    try {
      request("[slow] déjà vu — 東京 🚀");
      const first = await response();
      expect(first.head).toMatch(/^HTTP\/1\.1 200/);
      expect(first.head.toLowerCase()).toContain("transfer-encoding: chunked");
      expect(first.head.toLowerCase()).toMatch(/\r\nx-thread-id: [0-9a-f-]{36}\r\n/);
      expect(first.chunks.length).toBeGreaterThan(3);
      expect(textOf(Buffer.concat(first.chunks).toString())).toBe("You said: déjà vu — 東京 🚀");
      // Every chunk holds whole lines (a batch), each a line of the protocol.
      for (const c of first.chunks) expect(c.toString().endsWith("\n")).toBe(true);
      request("again on the same connection");
      const second = await response();
      expect(second.head).toMatch(/^HTTP\/1\.1 200/);
      expect(textOf(Buffer.concat(second.chunks).toString())).toBe("You said: again on the same connection");
    } finally {
      socket.destroy();
    }
  });
});
