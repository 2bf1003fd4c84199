// /api/chat through Node's HTTP server, where a reply this process owns is written straight to the
// socket (node-stream.ts) rather than through a web ReadableStream: the same headers and lines, a
// client that leaves does not stop the reply, and a resume reads it from the start.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
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
});
