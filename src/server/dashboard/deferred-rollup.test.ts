// Chat's rows stored before the model is called are counted when the reply is final (decision 103): the
// statement on the way to the first token fires no rollup trigger, and once the reply is stored (finished,
// stopped, failed or recovered as interrupted), or its rows deleted, the rollups hold exactly what they hold
// for the same rows written the old way (counted as inserted) — compared row for row against a twin.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { parseDataStreamPart } from "@ai-sdk/ui-utils";
import { startFakeProvider, type FakeProvider } from "../../../e2e/support/fake-provider";
import { getTestContext, type TestContext } from "../test/context";
import { call, createOrg, signUp, type Identity } from "../test/http";
import { connectOpenAI, createAgent } from "../test/seed";
import { db } from "../db/client";
import { chatStream, chatStreamChunk, conversation, message, organization } from "../db/tables";
import { deleteMessagesAfter } from "../conversations/queries";
import { recoverInterruptedReplies } from "../chat/recover";
import { seedConversation } from "./test-support";

let ctx: TestContext;
let fake: FakeProvider;
let admin: Identity;
let orgId: string;
let agentId: number;
let subAgentId: number;

beforeAll(async () => {
  fake = await startFakeProvider();
  process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
  ctx = await getTestContext();
  admin = await signUp(ctx.app, "deferred-admin");
  orgId = (await createOrg(ctx.app, admin)).id;
  await connectOpenAI(ctx.app, admin, orgId);
  agentId = (await createAgent(ctx.app, admin, orgId, { name: "Deferred" })).id;
  subAgentId = (await createAgent(ctx.app, admin, orgId, { name: "Deferred sub" })).id;
});
afterAll(async () => fake?.close());

const T0 = Date.now() - 3_600_000;
const tools = (...names: string[]) =>
  names.map((toolName, n) => ({
    type: "tool-invocation",
    toolInvocation: { state: "result", toolCallId: `t${n}`, toolName, args: {}, result: {} },
  }));

/** A chat's pre-model statement: the new thread, its user message and the reply's placeholder, in one. */
async function storeBeforeModel(deferred: boolean, at = T0) {
  const id = randomUUID();
  const userId = randomUUID();
  const replyId = randomUUID();
  const thread = db()
    .$with("thread")
    .as(
      db()
        .insert(conversation)
        .values({
          id,
          organizationId: orgId,
          userId: admin.userId,
          agentId,
          firstMessageText: "hello",
          createdAt: new Date(at),
          updatedAt: new Date(at),
        })
        .returning({ id: conversation.id }),
    );
  await db()
    .with(thread)
    .insert(message)
    .values([
      {
        id: userId,
        organizationId: orgId,
        conversationId: id,
        role: "user",
        content: "hello",
        attachments: [{ name: "a.txt" }],
        rollupDeferred: deferred,
        createdAt: new Date(at),
      },
      {
        id: replyId,
        organizationId: orgId,
        conversationId: id,
        role: "assistant",
        status: "streaming",
        model: "openai:gpt-4.1",
        rollupDeferred: deferred,
        createdAt: new Date(at + 5),
      },
    ]);
  return { id, userId, replyId };
}

/** The reply's final update, as run-reply stores it. */
async function finish(replyId: string, status = "complete") {
  await db()
    .update(message)
    .set({
      content: "the answer",
      parts: tools("web_search", "web_search", "call_agent"),
      status,
      inputTokens: 120,
      outputTokens: 30,
      finishReason: "stop",
      rollupDeferred: false,
    })
    .where(and(eq(message.organizationId, orgId), eq(message.id, replyId)));
}

/** A conversation's rollup row without its ids, and its day's buckets for the admin (all slots summed). */
async function rollup(id: string) {
  const r = await db().execute<Record<string, unknown>>(sql`
    select is_root, user_id, agent_id, message_count, attachment_count, tool_call_count, input_tokens,
      output_tokens, feedback_total, feedback_helpful, tool_counts::text as tools, model_input_tokens::text as mi,
      model_output_tokens::text as mo, started_at::text as started, last_activity_at::text as last, deleted_at
    from conversation_stats where conversation_id = ${id}`);
  return r.rows[0] ?? null;
}

/** The organisation's day rollup (every level, slots summed) against conversation_stats' root rows. */
async function daysInSync() {
  const actual = await db().execute(sql`
    select agent_id, user_id, day::text, sum(conversation_count)::int as c, sum(message_count)::int as m,
      sum(tool_call_count)::int as t, sum(input_tokens)::int as i, sum(output_tokens)::int as o
    from conversation_day_stats where organization_id = ${orgId} group by 1, 2, 3
    having (sum(conversation_count), sum(message_count), sum(tool_call_count), sum(input_tokens), sum(output_tokens))
      <> (0, 0, 0, 0, 0)
    order by 1, 2, 3`);
  const expected = await db().execute(sql`
    select l.a as agent_id, l.u as user_id, s.day::text, count(*)::int as c, sum(s.message_count)::int as m,
      sum(s.tool_call_count)::int as t, sum(s.input_tokens)::int as i, sum(s.output_tokens)::int as o
    from (select *, (last_activity_at at time zone 'UTC')::date as day, coalesce(user_id, '') as uid
          from conversation_stats where organization_id = ${orgId} and is_root = 1 and deleted_at is null) s
    cross join lateral (values (s.agent_id, s.uid), (s.agent_id, '*'), (0, s.uid), (0, '*')) as l(a, u)
    group by 1, 2, 3 order by 1, 2, 3`);
  expect(actual.rows).toEqual(expected.rows);
}

const stats = async () =>
  (await call(ctx.app, "GET", `/api/dashboard/getStats?orgId=${orgId}&allInOrg=true`, { token: admin.token })).body;

describe("chat's rows stored before the model (decision 103)", () => {
  it("are not in the rollups until the reply is final, then exactly as if counted when inserted", async () => {
    const before = await stats();
    const dayRows = async () =>
      (
        await db().execute(
          sql`select * from conversation_day_stats where organization_id = ${orgId} order by 1, 2, 3, 4, 5`,
        )
      ).rows;
    const daysBefore = await dayRows();
    const deferred = await storeBeforeModel(true);
    expect(await rollup(deferred.id)).toBeNull();
    expect(await dayRows()).toEqual(daysBefore);
    expect(await stats()).toEqual(before);

    const twin = await storeBeforeModel(false);
    await finish(twin.replyId);
    await finish(deferred.replyId);
    expect(await rollup(deferred.id)).toEqual(await rollup(twin.id));
    expect(await rollup(deferred.id)).toMatchObject({ message_count: 2, attachment_count: 1, tool_call_count: 3 });
    const flags = await db()
      .select({ deferred: message.rollupDeferred })
      .from(message)
      .where(and(eq(message.organizationId, orgId), eq(message.conversationId, deferred.id)));
    expect(flags.map((f) => f.deferred)).toEqual([false, false]);
    await daysInSync();
  });

  it("a reply stopped or failed counts the same; a later message and feedback add to it as before", async () => {
    for (const status of ["aborted", "error"]) {
      const deferred = await storeBeforeModel(true, T0 + 60_000);
      const twin = await storeBeforeModel(false, T0 + 60_000);
      await finish(deferred.replyId, status);
      await finish(twin.replyId, status);
      for (const c of [deferred, twin])
        await db()
          .insert(message)
          .values({
            id: randomUUID(),
            organizationId: orgId,
            conversationId: c.id,
            role: "user",
            content: "more",
            createdAt: new Date(T0 + 120_000),
          });
      expect(await rollup(deferred.id)).toEqual(await rollup(twin.id));
    }
    await daysInSync();
  });

  it("a sub-conversation answered while its parent's reply is pending counts toward the parent", async () => {
    const deferred = await storeBeforeModel(true, T0 + 200_000);
    const twin = await storeBeforeModel(false, T0 + 200_000);
    for (const parent of [deferred, twin])
      await seedConversation({
        orgId,
        userId: admin.userId,
        agentId: subAgentId,
        parentId: parent.id,
        at: new Date(T0 + 201_000),
        messages: [{ role: "assistant", inputTokens: 7, outputTokens: 3, tools: ["http_request"] }],
      });
    await finish(deferred.replyId);
    await finish(twin.replyId);
    expect(await rollup(deferred.id)).toEqual(await rollup(twin.id));
    expect(await rollup(deferred.id)).toMatchObject({ message_count: 3, input_tokens: 127 });
    await daysInSync();
  });

  it("a regenerate or an edit that deletes pending rows leaves the figures of the old way", async () => {
    // Regenerate: the placeholder goes, the user message stays (and counts).
    const regenerated = await storeBeforeModel(true, T0 + 300_000);
    const regeneratedTwin = await storeBeforeModel(false, T0 + 300_000);
    for (const c of [regenerated, regeneratedTwin])
      await db()
        .delete(message)
        .where(and(eq(message.organizationId, orgId), eq(message.id, c.replyId)));
    expect(await rollup(regenerated.id)).toEqual(await rollup(regeneratedTwin.id));
    expect(await rollup(regenerated.id)).toMatchObject({ message_count: 1 });
    // Editing the first message: both go; the conversation stays, without messages.
    const edited = await storeBeforeModel(true, T0 + 400_000);
    const editedTwin = await storeBeforeModel(false, T0 + 400_000);
    for (const c of [edited, editedTwin]) await deleteMessagesAfter({ orgId, conversationId: c.id, seq: 0 });
    expect(await rollup(edited.id)).toEqual(await rollup(editedTwin.id));
    expect(await rollup(edited.id)).toMatchObject({ message_count: 0 });
    await daysInSync();
  });

  it("an organisation deleted with a reply pending goes with its rollups", async () => {
    const owner = await signUp(ctx.app, "deferred-gone");
    const gone = (await createOrg(ctx.app, owner)).id;
    const bot = (await createAgent(ctx.app, owner, gone, { name: "Gone" })).id;
    await seedConversation({ orgId: gone, userId: owner.userId, agentId: bot, messages: [{ role: "user" }] });
    const id = randomUUID();
    await db().insert(conversation).values({ id, organizationId: gone, userId: owner.userId, agentId: bot });
    await db()
      .insert(message)
      .values([
        { id: randomUUID(), organizationId: gone, conversationId: id, role: "user", rollupDeferred: true },
        {
          id: randomUUID(),
          organizationId: gone,
          conversationId: id,
          role: "assistant",
          status: "streaming",
          rollupDeferred: true,
        },
      ]);
    await db().delete(organization).where(eq(organization.id, gone));
    const left = await db().execute(sql`
      select (select count(*) from conversation_stats where organization_id = ${gone})::int as s,
        (select count(*) from conversation_day_stats where organization_id = ${gone})::int as d`);
    expect(left.rows[0]).toEqual({ s: 0, d: 0 });
  });

  it("a reply its process left streaming counts when it is recovered as interrupted", async () => {
    const c = await storeBeforeModel(true, T0 + 500_000);
    await db()
      .insert(chatStream)
      .values({
        id: c.replyId,
        organizationId: orgId,
        conversationId: c.id,
        instanceId: "dead-process",
        heartbeatAt: new Date(Date.now() - 120_000),
      });
    await db()
      .insert(chatStreamChunk)
      .values({ organizationId: orgId, streamId: c.replyId, seq: 0, data: '0:"Half"\n' });
    // (A server another test started on this database may recover it first: either way it ends counted.)
    await recoverInterruptedReplies({ staleAfterSeconds: 60 });
    await expect.poll(async () => (await rollup(c.id))?.message_count).toBe(2);
    await daysInSync();
  });

  it("a chat through POST /api/chat is counted once its reply is stored", async () => {
    const before = await stats();
    const res = await ctx.app.request(`/api/chat?orgId=${orgId}`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        agentId,
        threadId: null,
        timezone: "UTC",
        messages: [
          { id: randomUUID(), role: "user", content: "count me", parts: [{ type: "text", text: "count me" }] },
        ],
      }),
    });
    expect(res.status).toBe(200);
    const lines = (await res.text()).split("\n").filter(Boolean);
    expect(lines.map((l) => parseDataStreamPart(l).type)).toContain("finish_message");
    const threadId = res.headers.get("x-thread-id")!;
    await expect.poll(async () => (await rollup(threadId))?.message_count, { timeout: 10_000 }).toBe(2);
    const after = await stats();
    expect(after.conversationCount).toBe(before.conversationCount + 1);
    expect(after.messageCount).toBe(before.messageCount + 2);
    const row = await rollup(threadId);
    const [usage] = (
      await db().execute<{ i: number; o: number }>(sql`
        select coalesce(sum(input_tokens), 0)::int as i, coalesce(sum(output_tokens), 0)::int as o
        from message where conversation_id = ${threadId}`)
    ).rows;
    expect(row).toMatchObject({ input_tokens: usage!.i, output_tokens: usage!.o });
    await daysInSync();
  });
});
