// A reply's stored lines (chat_stream_chunk) once it has ended (decision 038): kept for a grace period,
// in which a resume on another replica may still read them, then deleted by the sweep; lines of a reply
// still to recover are never swept. And the queries about one reply answer only for its organisation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { startFakeProvider, type FakeProvider } from "../../../e2e/support/fake-provider";
import { getTestContext, type TestContext } from "../test/context";
import { call } from "../test/http";
import { connectOpenAI, createAgent } from "../test/seed";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";
import { db } from "../db/client";
import { chatStream, chatStreamChunk, conversation } from "../db/tables";
import { ENDED_REPLY_LINES_KEPT_SECONDS, ENDED_REPLY_ROWS_KEPT_SECONDS, sweepEndedReplyLines } from "./recover";
import { INSTANCE_ID, readAllLines } from "./stream-hub";
import { chunksAfter, heartbeat, latestActiveStream, requestStreamStop, streamStatus } from "./stream-queries";

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
  agentId = (await createAgent(ctx.app, f.a.admin, f.a.id, { name: "Sweepable" })).id;
});
afterAll(async () => fake?.close());

const chunkCount = async (streamId: string) =>
  (await db().select().from(chatStreamChunk).where(eq(chatStreamChunk.streamId, streamId))).length;

/** Ages the end (or the last heartbeat) of a reply, as time passing would. */
const age = (streamId: string, seconds: number) =>
  db()
    .update(chatStream)
    .set({ heartbeatAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(chatStream.id, streamId));

describe("an ended reply's stored lines", () => {
  it("issue 11: are kept for the grace period, then swept, leaving the stored message whole", async () => {
    const res = await ctx.app.request(`/api/chat?orgId=${f.a.id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${f.a.member.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        agentId,
        threadId: null,
        messages: [{ id: randomUUID(), role: "user", content: "sweep after me" }],
      }),
    });
    expect(res.status).toBe(200);
    const threadId = res.headers.get("x-thread-id")!;
    await res.text();
    const [stream] = await db()
      .select({ id: chatStream.id, status: chatStream.status })
      .from(chatStream)
      .where(eq(chatStream.conversationId, threadId));
    expect(stream?.status).toBe("done");

    // Just ended: a resume polling from another replica may still be reading them.
    await sweepEndedReplyLines();
    expect(await chunkCount(stream!.id)).toBeGreaterThan(0);

    await age(stream!.id, ENDED_REPLY_LINES_KEPT_SECONDS + 1);
    expect(await sweepEndedReplyLines()).toBeGreaterThan(0);
    expect(await chunkCount(stream!.id)).toBe(0);

    const convo = await call(ctx.app, "GET", `/api/getConversation?orgId=${f.a.id}&threadId=${threadId}`, {
      token: f.a.member.token,
    });
    expect(convo.body.messages.at(-1)).toMatchObject({
      role: "assistant",
      content: "You said: sweep after me",
    });

    // An hour after it ended the reply's row goes too (the table would otherwise grow with every reply);
    // the conversation keeps its message and no reply is running.
    expect(await streamStatus({ orgId: f.a.id, id: stream!.id })).toBe("done");
    await age(stream!.id, ENDED_REPLY_ROWS_KEPT_SECONDS + 1);
    await sweepEndedReplyLines();
    expect(await streamStatus({ orgId: f.a.id, id: stream!.id })).toBeNull();
    const after = await call(ctx.app, "GET", `/api/getConversation?orgId=${f.a.id}&threadId=${threadId}`, {
      token: f.a.member.token,
    });
    expect(after.body.messages.at(-1)).toMatchObject({ content: "You said: sweep after me" });
    const resume = await ctx.app.request(`/api/chat?orgId=${f.a.id}&chatId=${threadId}`, {
      headers: { authorization: `Bearer ${f.a.member.token}` },
    });
    expect(resume.status).toBe(204);
  });

  it("issue 11: the lines of a reply still marked active (to recover after a crash) are never swept", async () => {
    const threadId = randomUUID();
    const replyId = randomUUID();
    await db()
      .insert(conversation)
      .values({ id: threadId, organizationId: f.a.id, userId: f.a.member.userId, agentId });
    await db()
      .insert(chatStream)
      // Owned by this (live) process: a server another test starts on this database leaves it alone.
      .values({ id: replyId, organizationId: f.a.id, conversationId: threadId, instanceId: INSTANCE_ID });
    await db()
      .insert(chatStreamChunk)
      .values({ organizationId: f.a.id, streamId: replyId, seq: 0, data: '0:"kept"\n' });
    await age(replyId, 3600);
    await sweepEndedReplyLines();
    expect(await chunkCount(replyId)).toBe(1);

    // Another organisation asking about this reply gets nothing.
    expect(await readAllLines({ orgId: f.b.id, id: replyId })).toBe("");
    expect(await chunksAfter({ orgId: f.b.id, streamId: replyId, seq: -1 })).toEqual([]);
    expect(await streamStatus({ orgId: f.b.id, id: replyId })).toBeNull();
    expect(await latestActiveStream({ orgId: f.b.id, conversationId: threadId })).toBeNull();
    expect(await readAllLines({ orgId: f.a.id, id: replyId })).toBe('0:"kept"\n');
    expect(await streamStatus({ orgId: f.a.id, id: replyId })).not.toBeNull();

    // The heartbeat names each reply by organisation and id: a stop is seen only for the right pair.
    await requestStreamStop({ orgId: f.b.id, id: replyId });
    expect(await heartbeat([{ orgId: f.a.id, id: replyId }])).toEqual([]);
    await requestStreamStop({ orgId: f.a.id, id: replyId });
    expect(await heartbeat([{ orgId: f.b.id, id: replyId }])).toEqual([]);
    expect(await heartbeat([{ orgId: f.a.id, id: replyId }])).toEqual([replyId]);

    // Tidy: this reply is not recoverable by another test's recovery run.
    await db()
      .update(chatStream)
      .set({ status: "interrupted" })
      .where(and(eq(chatStream.organizationId, f.a.id), eq(chatStream.id, replyId)));
  });
});
