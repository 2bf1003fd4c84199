// The way to a chat's first token (decision 112): the first step's start_step line is stored by the
// statement before the model, the model's request is built while that statement commits but sent only
// once it has, and a statement that fails sends no request and leaves nothing behind.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { generateText } from "ai";
import { and, asc, eq, sql } from "drizzle-orm";
import { startFakeProvider, type FakeProvider } from "../../../e2e/support/fake-provider";
import { getTestContext, type TestContext } from "../test/context";
import { connectOpenAI, createAgent } from "../test/seed";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";
import { db } from "../db/client";
import { chatStream, chatStreamChunk, conversation, message } from "../db/tables";
import { resolveModel, withModelGate } from "../ai/models";
import { startChat } from "./start-chat";
import { liveStreamCount } from "./stream-hub";
import { chatBeginTextsBuilt } from "./begin-statement";
import { ownConnection } from "../db/own-connection";
import { replyEndTextsBuilt } from "./end-statement";

let ctx: TestContext;
let f: TenancyFixture;
let fake: FakeProvider;
let agentId: number;

beforeAll(async () => {
  fake = await startFakeProvider();
  process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
  await connectOpenAI(ctx.app, f.a.admin, f.a.id);
  agentId = (await createAgent(ctx.app, f.a.admin, f.a.id, { name: "First token" })).id;
});
afterAll(async () => fake?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const chatRequests = () => fake.requests.filter((r) => r.path.endsWith("/chat/completions"));

describe("the way to the first token (decision 112)", () => {
  it("the statement before the model is built once per process and stores the thread, the user's message and the reply (decision 117)", async () => {
    const send = async (threadId: string | null, content: string) => {
      fake.enqueue({ text: "fine" });
      const res = await ctx.app.request(`/api/chat?orgId=${f.a.id}`, {
        method: "POST",
        headers: { authorization: `Bearer ${f.a.member.token}`, "content-type": "application/json" },
        body: JSON.stringify({ agentId, threadId, messages: [{ id: randomUUID(), role: "user", content }] }),
      });
      expect(res.status).toBe(200);
      await res.text();
      return res.headers.get("x-thread-id") ?? threadId!;
    };
    const threadId = await send(null, "  first words  ");
    await send(threadId, "second words");
    const again = await send(null, "another thread");
    expect(chatBeginTextsBuilt()).toBeLessThanOrEqual(2);
    // The reply's end too (decision 124): one text for a chat's, one for a scheduled run's (other tests).
    expect(replyEndTextsBuilt()).toBeLessThanOrEqual(2);
    const [thread] = await db()
      .select()
      .from(conversation)
      .where(and(eq(conversation.organizationId, f.a.id), eq(conversation.id, threadId)));
    expect(thread).toMatchObject({ agentId, userId: f.a.member.userId, firstMessageText: "first words" });
    const rows = await db()
      .select()
      .from(message)
      .where(and(eq(message.organizationId, f.a.id), eq(message.conversationId, threadId)))
      .orderBy(asc(message.seq));
    expect(rows.map((r) => [r.role, r.status])).toEqual([
      ["user", "complete"],
      ["assistant", "complete"],
      ["user", "complete"],
      ["assistant", "complete"],
    ]);
    expect(rows[2]).toMatchObject({
      content: "second words",
      parts: [{ type: "text", text: "second words" }],
      attachments: [],
      annotations: [],
    });
    expect(rows[3]!.content).toBe("fine");
    // Written by the end statement built once (decision 124): the parts as jsonb, the finish, the rollup.
    expect(rows[3]).toMatchObject({ finishReason: "stop", rollupDeferred: false, error: null });
    expect(rows[3]!.parts).toEqual(expect.arrayContaining([expect.objectContaining({ type: "text", text: "fine" })]));
    const [stream] = await db()
      .select({ status: chatStream.status })
      .from(chatStream)
      .where(and(eq(chatStream.organizationId, f.a.id), eq(chatStream.id, rows[3]!.id)));
    expect(stream?.status).toBe("done");
    expect(again).not.toBe(threadId);
  });

  it("security #15: the start_step line is chunk 0, stored with the reply's rows; no chunk is empty and the client got exactly the stored lines", async () => {
    fake.enqueue({ text: "one two three four", chunkSize: 4, tokenDelayMs: 60 });
    const res = await ctx.app.request(`/api/chat?orgId=${f.a.id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${f.a.member.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        agentId,
        threadId: null,
        messages: [{ id: randomUUID(), role: "user", content: "hello" }],
      }),
    });
    expect(res.status).toBe(200);
    const threadId = res.headers.get("x-thread-id")!;
    const [stream] = await db()
      .select({ id: chatStream.id })
      .from(chatStream)
      .where(and(eq(chatStream.organizationId, f.a.id), eq(chatStream.conversationId, threadId)));
    // While the reply streams (its end updates the rows below): chunk 0 was written by the statement that
    // stored the user's message and the reply's rows, in one transaction.
    const xmin = async (table: string, where: string) =>
      (
        (await db().execute(sql.raw(`select xmin::text as x from ${table} where ${where}`))) as unknown as {
          rows: Array<{ x: string }>;
        }
      ).rows[0]?.x;
    const userMessageTx = await xmin("message", `conversation_id = '${threadId}' and role = 'user'`);
    expect(userMessageTx).toBeTruthy();
    expect(await xmin("chat_stream_chunk", `stream_id = '${stream!.id}' and seq = 0`)).toBe(userMessageTx);
    // The stream's own row is rewritten by the heartbeat (first tick 200 ms after the start) and the end, so
    // its xmin may have moved on (a loaded CI did): its created_at is the now() of the transaction that
    // inserted it, which the user's message shares only if both were written by the same one.
    const sameTransaction = (await db().execute(
      sql.raw(`select s.created_at = m.created_at as same from chat_stream s join message m
        on m.conversation_id = s.conversation_id and m.role = 'user' where s.id = '${stream!.id}'`),
    )) as unknown as { rows: Array<{ same: boolean }> };
    expect(sameTransaction.rows).toEqual([{ same: true }]);
    const text = await res.text();
    const chunks = await db()
      .select({ seq: chatStreamChunk.seq, data: chatStreamChunk.data })
      .from(chatStreamChunk)
      .where(and(eq(chatStreamChunk.organizationId, f.a.id), eq(chatStreamChunk.streamId, stream!.id)))
      .orderBy(asc(chatStreamChunk.seq));
    expect(chunks[0]).toEqual({ seq: 0, data: `f:${JSON.stringify({ messageId: stream!.id })}\n` });
    expect(chunks.every((c) => c.data.length > 0)).toBe(true);
    expect(chunks.map((c) => c.seq)).toEqual(chunks.map((_, i) => i));
    expect(chunks.map((c) => c.data).join("")).toBe(text);
    expect(text).toContain('0:"');
    // One start_step line for the one step: the step loop's own is not sent again.
    expect(text.split("\n").filter((l) => l.startsWith("f:"))).toHaveLength(1);
    // On PostgreSQL the lines after the first statement went in on the chunk inserts' connection (decision 140).
    if (ctx.kind === "postgres") {
      const own = ownConnection() as unknown as { connection: { parsedStatements: Record<string, string> } } | null;
      expect(Object.values(own?.connection.parsedStatements ?? {}).join("\n")).toContain(
        "insert into chat_stream_chunk",
      );
    }
  });

  it("the model's request waits for the gate (the statement before the model) and is sent once it opens", async () => {
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const { model } = await resolveModel({ orgId: f.a.id, modelKey: "openai:gpt-4.1" });
    const before = chatRequests().length;
    const answer = withModelGate(gate, () => generateText({ model, prompt: "hello" }));
    await sleep(150);
    expect(chatRequests().length).toBe(before);
    open();
    expect((await answer).text).toBe("You said: hello");
    expect(chatRequests().length).toBe(before + 1);
  });

  it("a statement before the model that fails sends no model request and stores nothing of the chat", async () => {
    const id = randomUUID();
    const before = chatRequests().length;
    const live = liveStreamCount();
    // A begin with no row (as a scheduled run whose reservation was lost, decision 109): no thread, so
    // the messages' foreign key fails the whole statement.
    const begin = {
      key: "test-closed-gate",
      build: () =>
        db()
          .$with("reserved", { id: sql<number>`id` })
          .as(sql`select 1 as id where ${sql.placeholder("gate_open")}::boolean`),
      values: { gate_open: false },
    };
    await expect(
      startChat(
        { agentId, threadId: null, messages: [{ role: "user", content: "never stored" }] },
        {
          user: { id: f.a.member.userId, name: f.a.member.name, email: f.a.member.email },
          org: { id: f.a.id, name: f.a.name, slug: "x", logo: null },
          isAdmin: false,
        },
        { newConversationId: id, begin },
      ),
    ).rejects.toThrow();
    await sleep(200);
    expect(chatRequests().length).toBe(before);
    expect(liveStreamCount()).toBe(live);
    expect(
      await db()
        .select({ id: conversation.id })
        .from(conversation)
        .where(and(eq(conversation.organizationId, f.a.id), eq(conversation.id, id))),
    ).toEqual([]);
    expect(
      await db()
        .select({ id: message.id })
        .from(message)
        .where(and(eq(message.organizationId, f.a.id), eq(message.conversationId, id))),
    ).toEqual([]);
  });
});
