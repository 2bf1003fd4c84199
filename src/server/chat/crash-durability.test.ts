// A reply cut by a crash (issue 10, item 15): a real server process is killed (SIGKILL) while a client
// is reading its reply, and started again on the same database. What the restart recovers must hold
// everything the client had received — nothing may reach a client before it is stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { parseDataStreamPart } from "@ai-sdk/ui-utils";
import { asc, eq, sql } from "drizzle-orm";
import { startFakeProvider, type FakeProvider } from "../../../e2e/support/fake-provider";
import { freePort, provision, startProcess, tempDataDir, type Started } from "../../../bench/setup";
import { getTestContext, type TestContext } from "../test/context";
import { connectOpenAI, createAgent } from "../test/seed";
import { createTenancyFixture } from "../test/tenancy-fixture";
import { db } from "../db/client";
import { chatStream, chatStreamChunk } from "../db/tables";
import { INTERRUPTED_TEXT } from "./recover";
import { readTextParts } from "../test/reply-text";

let ctx: TestContext;
let fake: FakeProvider;
const children: Started[] = [];

beforeAll(async () => {
  fake = await startFakeProvider();
  ctx = await getTestContext();
});
afterAll(async () => {
  for (const c of children) c.child.kill("SIGKILL");
  await fake?.close();
});

/** A server process on the test's database kind: PGlite in its own data folder, or TEST_DATABASE_URL. */
async function startServer(env: Record<string, string>) {
  const started = await startProcess(
    process.execPath,
    ["--import", "tsx", "src/server/main.ts"],
    env,
    /Switchboard is listening/,
  );
  children.push(started);
  return started;
}

/** Reads the reply until the client has `count` text lines, then kills the server at once. */
async function readThenKill(res: Response, server: Started, count: number) {
  const { text, ended } = await readTextParts(res.body!.getReader(), count);
  if (ended) throw new Error("the reply ended before the crash");
  server.child.kill("SIGKILL");
  return text;
}

describe("a server killed mid-reply", () => {
  // Two server starts (tsx, migrations): slow on a loaded machine.
  it(
    "security #15: the reply recovered after a restart holds every text line the client received",
    { timeout: 240_000 },
    async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env: Record<string, string> = {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: tempDataDir(),
        SECRET_KEY: "crash-test-secret-key-0123456789",
        // Only the chat is under test: no background workers that would take other tests' rows.
        SCHEDULER: "off",
        KB_INGEST_CONCURRENCY: "0",
        PUBLIC_URL: "http://localhost",
        LOG_LEVEL: "info",
        AUTH_RATE_LIMIT_MAX: "100000",
        // Every test (or bench) client comes from one address: lift the per-address limit on other auth calls.
        AUTH_API_RATE_LIMIT_MAX: "100000",
        OPENAI_BASE_URL: `${fake.url}/v1`,
        // One process (not a worker per core, decision 093): the test kills that process.
        ...(ctx.kind === "postgres" ? { DATABASE_URL: process.env.TEST_DATABASE_URL!, WEB_CONCURRENCY: "1" } : {}),
      };
      const first = await startServer(env);
      const { token, agentId } = await provision(base);
      // "[long]": a few hundred text chunks, 25 ms apart, so the reply is mid-stream when the process dies.
      const res = await fetch(`${base}/api/chat`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({
          agentId,
          threadId: null,
          messages: [{ id: randomUUID(), role: "user", content: "crash me [long]" }],
        }),
      });
      expect(res.status).toBe(200);
      const threadId = res.headers.get("x-thread-id")!;
      const received = await readThenKill(res, first, 12);
      await new Promise<void>((resolve) =>
        first.child.exitCode !== null ? resolve() : first.child.once("exit", () => resolve()),
      );
      expect(received.startsWith("You said: crash me")).toBe(true);

      // With PostgreSQL a restarted replica recovers only replies whose heartbeat went silent (30 s):
      // age this one's, as the time that passes before then would.
      if (ctx.kind === "postgres")
        await db()
          .update(chatStream)
          .set({ heartbeatAt: sql`now() - interval '1 hour'` })
          .where(eq(chatStream.conversationId, threadId));
      await startServer(env);
      const convo = await fetch(`${base}/api/getConversation?threadId=${threadId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await convo.json()) as {
        messages: Array<{ role: string; content: string; status?: string; error?: string }>;
      };
      const reply = body.messages.find((m) => m.role === "assistant")!;
      expect(reply).toMatchObject({ status: "interrupted", error: INTERRUPTED_TEXT });
      // Everything the client saw is stored (a line written but not yet sent may follow it).
      expect(reply.content.slice(0, received.length)).toBe(received);
    },
  );
});

describe("a reply's stream", () => {
  it("security #15: every chunk a client receives is already stored when it arrives", async () => {
    process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
    const f = await createTenancyFixture(ctx.app);
    await connectOpenAI(ctx.app, f.a.admin, f.a.id);
    const agentId = (await createAgent(ctx.app, f.a.admin, f.a.id, { name: "Durable" })).id;
    const res = await ctx.app.request(`/api/chat?orgId=${f.a.id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${f.a.member.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        agentId,
        threadId: null,
        messages: [{ id: randomUUID(), role: "user", content: "keep it all [slow]" }],
      }),
    });
    const threadId = res.headers.get("x-thread-id")!;
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let received = "";
    let checks = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += dec.decode(value, { stream: true });
      const [row] = await db()
        .select({ id: chatStream.id })
        .from(chatStream)
        .where(eq(chatStream.conversationId, threadId));
      const chunks = row
        ? await db()
            .select({ data: chatStreamChunk.data })
            .from(chatStreamChunk)
            .where(eq(chatStreamChunk.streamId, row.id))
            .orderBy(asc(chatStreamChunk.seq))
        : [];
      const stored = chunks.map((c) => c.data).join("");
      expect(stored.slice(0, received.length), `chunk ${checks + 1}`).toBe(received);
      checks++;
    }
    expect(checks).toBeGreaterThan(3);
    const parts = received
      .split("\n")
      .filter(Boolean)
      .map((l) => parseDataStreamPart(l));
    expect(
      parts
        .filter((p) => p.type === "text")
        .map((p) => p.value)
        .join(""),
    ).toBe("You said: keep it all");
    expect(parts.at(-1)?.type).toBe("finish_message");
  });
});
