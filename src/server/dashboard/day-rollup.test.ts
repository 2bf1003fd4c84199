// The per-day rollup of the stats tiles (decision 097): it follows conversation_stats through every write
// (messages inserted, updated and deleted, feedback given, changed and withdrawn, sub-conversations,
// deleted, restored and reassigned conversations, a whole organisation deleted), and getStats built from
// whole UTC days plus the partial first and last day equals the per-conversation sum for any range.
import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { getTestContext, type TestContext } from "../test/context";
import { addMember, createOrg, signUp, type Identity } from "../test/http";
import { createAgent } from "../test/seed";
import { db } from "../db/client";
import { conversation, feedback, member, message, organization } from "../db/tables";
import { seedConversation, seedFeedback } from "./test-support";
import { filterWhere, type DashboardFilter } from "./filters";
import { getStats, wholeDays } from "./stats";

const DAY = 86_400_000;
// A UTC midnight three days ago: the fixture's activity sits around it.
const M = Math.floor(Date.now() / DAY) * DAY - 3 * DAY;
const at = (ms: number) => new Date(M + ms);

let ctx: TestContext;
let admin: Identity;
let other: Identity;
let orgId: string;
let a1: number;
let a2: number;

/** The day rollup as conversation_stats says it should be (rows whose every figure is zero left out). */
async function expectedDays(org: string) {
  const r = await db().execute(sql`
    select l.a as agent_id, l.u as user_id, to_char(s.day, 'YYYY-MM-DD') as day, count(*)::int as c,
      sum(s.message_count)::int as m, sum(s.tool_call_count)::int as t, sum(s.input_tokens)::int as i,
      sum(s.output_tokens)::int as o, sum(s.feedback_total)::int as f, sum(s.feedback_helpful)::int as h
    from (select *, (last_activity_at at time zone 'UTC')::date as day, coalesce(user_id, '') as uid
          from conversation_stats where organization_id = ${org} and is_root = 1 and deleted_at is null) s
    cross join lateral (values (s.agent_id, s.uid), (s.agent_id, '*'), (0, s.uid), (0, '*')) as l(a, u)
    group by 1, 2, 3 order by 1, 2, 3`);
  return r.rows;
}
async function actualDays(org: string) {
  const r = await db().execute(sql`
    select agent_id, user_id, to_char(day, 'YYYY-MM-DD') as day, sum(conversation_count)::int as c,
      sum(message_count)::int as m, sum(tool_call_count)::int as t, sum(input_tokens)::int as i,
      sum(output_tokens)::int as o, sum(feedback_total)::int as f, sum(feedback_helpful)::int as h
    from conversation_day_stats
    where organization_id = ${org}
    group by 1, 2, 3
    having (sum(conversation_count), sum(message_count), sum(tool_call_count), sum(input_tokens),
      sum(output_tokens), sum(feedback_total), sum(feedback_helpful)) <> (0, 0, 0, 0, 0, 0, 0)
    order by 1, 2, 3`);
  return r.rows;
}
const expectInSync = async (org = orgId) => expect(await actualDays(org)).toEqual(await expectedDays(org));

/** getStats as decision 053 computed it: one sum over the root rows of the range. */
async function statsFromRows(f: DashboardFilter) {
  const r = await db().execute<Record<string, string>>(sql`
    select count(*) as c, coalesce(sum(message_count), 0) as m, coalesce(sum(tool_call_count), 0) as t,
      coalesce(sum(input_tokens), 0) as i, coalesce(sum(output_tokens), 0) as o,
      coalesce(sum(feedback_total), 0) as f, coalesce(sum(feedback_helpful), 0) as h
    from conversation_stats where ${filterWhere(f)}`);
  const row = r.rows[0]!;
  const n = (k: string) => Number(row[k]);
  return {
    conversationCount: n("c"),
    messageCount: n("m"),
    toolCalls: n("t"),
    totalTokens: n("i") + n("o"),
    inputTokens: n("i"),
    outputTokens: n("o"),
    totalFeedback: n("f"),
    totalHelpful: n("h"),
  };
}

/** A message at an exact timestamp (microseconds), written as chat writes one. */
async function messageAt(conversationId: string, ts: string, inputTokens: number, outputTokens: number) {
  await db().execute(sql`
    insert into message (id, organization_id, conversation_id, role, content, input_tokens, output_tokens, created_at)
    values (${randomUUID()}, ${orgId}, ${conversationId}, 'assistant', 'x', ${inputTokens}, ${outputTokens}, ${ts}::timestamptz)`);
}

let late: string; // last activity 0.5 ms before midnight M

beforeAll(async () => {
  ctx = await getTestContext();
  admin = await signUp(ctx.app, "dayroll-admin");
  other = await signUp(ctx.app, "dayroll-other");
  orgId = (await createOrg(ctx.app, admin)).id;
  await addMember(ctx.app, admin, orgId, other, "org:member");
  a1 = (await createAgent(ctx.app, admin, orgId, { name: "Day One" })).id;
  a2 = (await createAgent(ctx.app, admin, orgId, { name: "Day Two" })).id;
  await db()
    .update(member)
    .set({ publicMetadata: { team: "Blue" } })
    .where(and(eq(member.organizationId, orgId), eq(member.userId, other.userId)));
  await seedAroundMidnight();
});

/** Writes the fixture around midnight M; snapshot() after each write records the day rollup and its expectation. */
const snapshots: { step: number; actual: unknown; expected: unknown }[] = [];
const snapshot = async () =>
  snapshots.push({ step: snapshots.length, actual: await actualDays(orgId), expected: await expectedDays(orgId) });
async function seedAroundMidnight() {
  // Starts the evening before M and gets a reply after it: it moves from that day to M's day.
  const crossing = await seedConversation({
    orgId,
    userId: other.userId,
    agentId: a1,
    at: at(-60_000),
    messages: [
      { role: "user", content: "before midnight" },
      { role: "assistant", inputTokens: 10, outputTokens: 4, tools: ["web_search"] },
    ],
  });
  await snapshot();
  await seedConversation({
    orgId,
    userId: other.userId,
    agentId: a2,
    parentId: crossing,
    at: at(30_000),
    messages: [{ role: "assistant", inputTokens: 3, outputTokens: 2, tools: ["http_request"] }],
  });
  await snapshot();
  const days = (await actualDays(orgId)).filter((r) => r.agent_id === 0 && r.user_id === "*");
  expect(days).toEqual([
    {
      agent_id: 0,
      user_id: "*",
      day: new Date(M).toISOString().slice(0, 10),
      c: 1,
      m: 3,
      t: 2,
      i: 13,
      o: 6,
      f: 0,
      h: 0,
    },
  ]);
  await seedFeedback({ orgId, conversationId: crossing, userId: other.userId, agentId: a1, isHelpful: true });
  await snapshot();
  await seedFeedback({ orgId, conversationId: crossing, userId: other.userId, agentId: a1, isHelpful: false });
  await snapshot();
  await db().delete(feedback).where(eq(feedback.conversationId, crossing));
  await snapshot();
  // Two conversations of the admin's, one a day earlier, one with a message at midnight − 0.5 ms.
  await seedConversation({
    orgId,
    userId: admin.userId,
    agentId: a2,
    at: at(-DAY - 3_600_000),
    messages: [{ role: "assistant", inputTokens: 100, outputTokens: 50 }],
  });
  late = await seedConversation({
    orgId,
    userId: admin.userId,
    agentId: a1,
    at: at(-7_200_000),
    messages: [{ role: "user", content: "late" }],
  });
  await messageAt(late, new Date(M - 1).toISOString().replace("Z", "500+00"), 7, 1);
  await seedFeedback({ orgId, conversationId: late, userId: admin.userId, agentId: a1, isHelpful: true });
  await snapshot();
}

describe("the per-day rollup follows conversation_stats", () => {
  it("through messages, sub-conversations and feedback, across a UTC midnight", () => {
    expect(snapshots.length).toBe(6);
    for (const { step, actual, expected } of snapshots)
      expect({ step, days: actual }).toEqual({ step, days: expected });
  });

  it("through message updates and deletes, and deleted, restored and reassigned conversations", async () => {
    const id = await seedConversation({
      orgId,
      userId: other.userId,
      agentId: a2,
      at: at(DAY + 5_000),
      messages: [
        { role: "user", content: "edit me" },
        { role: "assistant", inputTokens: 40, outputTokens: 20, tools: ["web_search", "web_search"] },
        { role: "assistant", inputTokens: 1, outputTokens: 1 },
      ],
    });
    await db()
      .update(message)
      .set({ inputTokens: 41, parts: [] })
      .where(and(eq(message.conversationId, id), eq(message.inputTokens, 40)));
    await expectInSync();
    await db()
      .delete(message)
      .where(and(eq(message.conversationId, id), eq(message.inputTokens, 1)));
    await expectInSync();
    await db().update(conversation).set({ userId: admin.userId, agentId: a1 }).where(eq(conversation.id, id));
    await expectInSync();
    await db().update(conversation).set({ deletedAt: new Date() }).where(eq(conversation.id, id));
    await expectInSync();
    await db().update(conversation).set({ deletedAt: null }).where(eq(conversation.id, id));
    await expectInSync();
    await db().update(conversation).set({ userId: null }).where(eq(conversation.id, id));
    await expectInSync();
    await db().delete(conversation).where(eq(conversation.id, id));
    await expectInSync();
  });

  it("an organisation with figures can be deleted (its day rows go with it)", async () => {
    const owner = await signUp(ctx.app, "dayroll-gone");
    const gone = (await createOrg(ctx.app, owner)).id;
    const agentId = (await createAgent(ctx.app, owner, gone, { name: "Gone" })).id;
    await seedConversation({
      orgId: gone,
      userId: owner.userId,
      agentId,
      messages: [{ role: "assistant", inputTokens: 5, outputTokens: 5 }],
    });
    expect((await actualDays(gone)).length).toBe(4);
    // Its conversations deleted one by one (as a user's deletion does) subtract; then the organisation goes.
    await db().delete(conversation).where(eq(conversation.organizationId, gone));
    await expectInSync(gone);
    expect(await actualDays(gone)).toEqual([]);
    await seedConversation({
      orgId: gone,
      userId: owner.userId,
      agentId,
      messages: [{ role: "assistant", inputTokens: 5, outputTokens: 5 }],
    });
    await db().delete(organization).where(eq(organization.id, gone));
    expect(await actualDays(gone)).toEqual([]);
  });
});

describe("getStats from whole days and the partial edges", () => {
  it("whole UTC days: a range ending at midnight includes the day before it, one ending earlier does not", () => {
    expect(wholeDays(new Date(M), new Date(M + DAY))).toEqual({ first: M / DAY, last: M / DAY });
    expect(wholeDays(new Date(M + 1), new Date(M + DAY - 1))).toEqual({ first: M / DAY + 1, last: M / DAY - 1 });
    expect(wholeDays(undefined, undefined)).toEqual({ first: null, last: null });
  });

  it("equals the per-conversation sum for every filter and ranges around the midnights", async () => {
    const filters: Omit<DashboardFilter, "from" | "to">[] = [
      { orgId },
      { orgId, agentId: a1 },
      { orgId, agentId: a2 },
      { orgId, userId: other.userId },
      { orgId, userId: admin.userId, agentId: a1 },
      { orgId, metadataKey: "team", metadataValue: "Blue" },
      { orgId, metadataKey: "team" },
      { orgId, metadataKey: "team", agentId: a2 },
      { orgId, metadataKey: "nobody" },
    ];
    const points = [-2 * DAY - 5, -DAY, -60_000, -1, 0, 1, 30_000, DAY + 5_000, 2 * DAY];
    const ranges: [Date | undefined, Date | undefined][] = [[undefined, undefined]];
    for (const p of points) {
      ranges.push([at(p), undefined], [undefined, at(p)]);
      for (const q of points) if (q >= p) ranges.push([at(p), at(q)]);
    }
    let nonEmpty = 0;
    for (const f of filters)
      for (const [from, to] of ranges) {
        const expected = await statsFromRows({ ...f, from, to });
        expect({ f, from, to, stats: await getStats({ ...f, from, to }) }).toEqual({ f, from, to, stats: expected });
        if (expected.conversationCount) nonEmpty++;
      }
    expect(nonEmpty).toBeGreaterThan(100);
    // The message at midnight − 0.5 ms: in a range ending at midnight, not in one ending 1 ms before it.
    const lateOnly = { orgId, userId: admin.userId, agentId: a1 };
    expect((await getStats({ ...lateOnly, from: at(-DAY), to: at(0) })).inputTokens).toBe(7);
    expect((await getStats({ ...lateOnly, from: at(-DAY), to: at(-1) })).inputTokens).toBe(0);
    expect(late).toBeTruthy();
  });
});
