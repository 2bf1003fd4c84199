// Dashboard figures against a hand-computed fixture (decision 053): sub-conversations count toward
// their parent, deleted conversations count nowhere, feedback changes move the figures.
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getTestContext, type TestContext } from "../test/context";
import { addMember, call, createOrg, signUp, type Identity } from "../test/http";
import { createAgent } from "../test/seed";
import { db } from "../db/client";
import { conversation, member, message } from "../db/tables";
import { randomUUID } from "node:crypto";
import { deleteMessagesAfter } from "../conversations/queries";
import { seedConversation, seedFeedback } from "./test-support";

let ctx: TestContext;
let admin: Identity;
let memberUser: Identity;
let orgId: string;
let research: { id: number; name: string };
let helper: { id: number; name: string };
let conv1: string;
let conv2: string;
const DAY = 86_400_000;
const base = new Date(Date.now() - 2 * DAY);
const last14 = () =>
  `from=${encodeURIComponent(new Date(Date.now() - 14 * DAY).toISOString())}&to=${encodeURIComponent(new Date().toISOString())}`;

const get = (who: Identity, path: string) =>
  call(ctx.app, "GET", `${path}${path.includes("?") ? "&" : "?"}orgId=${orgId}`, { token: who.token });

beforeAll(async () => {
  ctx = await getTestContext();
  admin = await signUp(ctx.app, "dash-admin");
  memberUser = await signUp(ctx.app, "dash-member");
  orgId = (await createOrg(ctx.app, admin)).id;
  await addMember(ctx.app, admin, orgId, memberUser, "org:member");
  research = await createAgent(ctx.app, admin, orgId, { name: "Research Bot", logoUrl: "https://example.com/r.png" });
  helper = await createAgent(ctx.app, admin, orgId, { name: "Helper Bot" });
  conv1 = await seedConversation({
    orgId,
    userId: memberUser.userId,
    agentId: research.id,
    at: base,
    messages: [
      { role: "user", content: "Summarise the quarterly figures for me", attachments: 2 },
      { role: "assistant", inputTokens: 100, outputTokens: 50, tools: ["web_search", "call_agent", "web_search"] },
    ],
  });
  await seedConversation({
    orgId,
    userId: memberUser.userId,
    agentId: helper.id,
    parentId: conv1,
    at: new Date(base.getTime() + 5000),
    messages: [
      { role: "user", content: "sub question" },
      { role: "assistant", inputTokens: 10, outputTokens: 5, tools: ["http_request"] },
    ],
  });
  await seedFeedback({
    orgId,
    conversationId: conv1,
    userId: memberUser.userId,
    agentId: research.id,
    isHelpful: true,
    comment: "great",
  });
  conv2 = await seedConversation({
    orgId,
    userId: admin.userId,
    agentId: research.id,
    at: new Date(base.getTime() + 3_600_000),
    messages: [
      { role: "user", content: "admin question" },
      { role: "assistant", inputTokens: 20, outputTokens: 10 },
    ],
  });
  await seedFeedback({ orgId, conversationId: conv2, userId: admin.userId, agentId: research.id, isHelpful: false });
  // Old: outside the last 14 days.
  await seedConversation({
    orgId,
    userId: memberUser.userId,
    agentId: helper.id,
    at: new Date(Date.now() - 30 * DAY),
    messages: [
      { role: "user", content: "old" },
      { role: "assistant", inputTokens: 7, outputTokens: 3 },
    ],
  });
  // Deleted: counts nowhere.
  const gone = await seedConversation({
    orgId,
    userId: memberUser.userId,
    agentId: research.id,
    at: base,
    messages: [
      { role: "user", content: "deleted thread" },
      { role: "assistant", inputTokens: 999, outputTokens: 999 },
    ],
  });
  await db().update(conversation).set({ deletedAt: new Date() }).where(eq(conversation.id, gone));
  await db()
    .update(member)
    .set({ publicMetadata: { department: "Sales", region: "EMEA" } })
    .where(and(eq(member.organizationId, orgId), eq(member.userId, memberUser.userId)));
});

describe("GET /api/dashboard/getStats", () => {
  it("[API-29] [DASH-18] [DASH-09] personal figures are the caller's own, sub-conversations counted in their parent", async () => {
    const res = await get(memberUser, `/api/dashboard/getStats?${last14()}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      conversationCount: 1,
      messageCount: 4,
      toolCalls: 4,
      totalTokens: 165,
      inputTokens: 110,
      outputTokens: 55,
      totalFeedback: 1,
      totalHelpful: 1,
    });
    // userId names someone else: still the caller's own figures.
    const other = await get(memberUser, `/api/dashboard/getStats?${last14()}&userId=${admin.userId}`);
    expect(other.body.conversationCount).toBe(1);
    expect(other.body.inputTokens).toBe(110);
  });

  it("[DASH-15] the date range decides which conversations count; without one, all of them", async () => {
    const all = await get(memberUser, "/api/dashboard/getStats");
    expect(all.body).toMatchObject({ conversationCount: 2, messageCount: 6, inputTokens: 117, outputTokens: 58 });
  });

  it("[API-30] [ROLE-10] allInOrg=true is the organisation for admins and a 403 for members", async () => {
    const orgWide = await get(admin, `/api/dashboard/getStats?allInOrg=true&${last14()}`);
    expect(orgWide.body).toEqual({
      conversationCount: 2,
      messageCount: 6,
      toolCalls: 4,
      totalTokens: 195,
      inputTokens: 130,
      outputTokens: 65,
      totalFeedback: 2,
      totalHelpful: 1,
    });
    const refused = await get(memberUser, `/api/dashboard/getStats?allInOrg=true&${last14()}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("Only organization admins can view organization-wide statistics");
  });

  it("[DASH-12] [DASH-13] [DASH-14] filters by agent (the parent's), user and metadata key/value", async () => {
    const byAgent = await get(admin, `/api/dashboard/getStats?allInOrg=true&agentId=${helper.id}`);
    expect(byAgent.body).toMatchObject({ conversationCount: 1, messageCount: 2, inputTokens: 7, outputTokens: 3 });
    const byUser = await get(admin, `/api/dashboard/getStats?allInOrg=true&${last14()}&userId=${admin.userId}`);
    expect(byUser.body).toMatchObject({ conversationCount: 1, inputTokens: 20, totalFeedback: 1, totalHelpful: 0 });
    const byMeta = await get(
      admin,
      `/api/dashboard/getStats?allInOrg=true&${last14()}&metadataKey=department&metadataValue=Sales`,
    );
    expect(byMeta.body).toMatchObject({ conversationCount: 1, inputTokens: 110 });
    const keyOnly = await get(admin, `/api/dashboard/getStats?allInOrg=true&metadataKey=region`);
    expect(keyOnly.body.conversationCount).toBe(2);
    const none = await get(admin, `/api/dashboard/getStats?allInOrg=true&metadataKey=department&metadataValue=Ops`);
    expect(none.body).toMatchObject({ conversationCount: 0, messageCount: 0, totalTokens: 0 });
  });

  it("bad filters are a 400 in words, never a 500", async () => {
    const cases: [string, string][] = [
      ["from=yesterday", "from must be an ISO timestamp"],
      ["to=soon", "to must be an ISO timestamp"],
      ["allInOrg=yes", "allInOrg must be true or false"],
      ["agentId=abc", "agentId must be an agent id"],
      [`from=${new Date().toISOString()}&to=${base.toISOString()}`, "from must not be after to"],
    ];
    for (const [q, error] of cases) {
      const res = await get(admin, `/api/dashboard/getStats?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error, q).toBe(error);
    }
  });
});

describe("GET /api/dashboard/getInteractions", () => {
  it("[API-31] [DASH-38] [DASH-39] [DASH-40] an interaction carries every field of §3", async () => {
    const res = await get(memberUser, `/api/dashboard/getInteractions?${last14()}`);
    expect(res.status).toBe(200);
    expect(res.body.nextCursor).toBeNull();
    expect(res.body.data).toHaveLength(1);
    const i = res.body.data[0];
    expect(i).toMatchObject({
      id: conv1,
      agentId: research.id,
      agentName: "Research Bot",
      agentModel: "openai:gpt-4.1",
      agentLogoUrl: "https://example.com/r.png",
      userId: memberUser.userId,
      userEmail: memberUser.email,
      userFirstName: "Dash-member",
      userLastName: "Tester",
      userPublicMetadata: { department: "Sales", region: "EMEA" },
      firstMessageText: "Summarise the quarterly figures for me",
      duration: 6,
      totalTokens: 165,
      inputTokens: 110,
      outputTokens: 55,
      totalMessageCount: 4,
      attachmentCount: 2,
      totalFeedback: 1,
      totalHelpful: 1,
      totalNotHelpful: 0,
    });
    expect(i.toolCalls).toEqual([
      { toolName: "web_search", count: 2 },
      { toolName: "call_agent", count: 1 },
      { toolName: "http_request", count: 1 },
    ]);
    expect(i.subConversations).toEqual([
      expect.objectContaining({
        agentId: helper.id,
        agentName: "Helper Bot",
        agentModel: "openai:gpt-4.1",
        totalTokens: 15,
      }),
    ]);
    expect(i.feedbackData.feedback_items).toEqual([
      { is_helpful: true, user_email: memberUser.email, created_at: expect.any(String), comment: "great" },
    ]);
    expect(new Date(i.updatedAt).getTime()).toBe(base.getTime() + 6000);
  });

  it("[API-32] [ROLE-10] the admin view lists everyone's conversations, newest first; a member gets 403", async () => {
    const res = await get(admin, `/api/dashboard/getInteractions?allInOrg=true&${last14()}`);
    expect(res.body.data.map((i: { id: string }) => i.id)).toEqual([conv2, conv1]);
    const refused = await get(memberUser, `/api/dashboard/getInteractions?allInOrg=true`);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("Only organization admins can view organization-wide interactions");
  });

  it("the agent filter applies to interactions too (rulings)", async () => {
    const res = await get(admin, `/api/dashboard/getInteractions?allInOrg=true&agentId=${helper.id}`);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].agentName).toBe("Helper Bot");
    expect(res.body.data[0].firstMessageText).toBe("old");
  });

  it("[DASH-22] with a metadata filter that matches nobody the list is empty", async () => {
    const res = await get(
      admin,
      `/api/dashboard/getInteractions?allInOrg=true&metadataKey=department&metadataValue=Ops`,
    );
    expect(res.body).toEqual({ data: [], nextCursor: null });
  });

  it("pages by a cursor without repeats or gaps; a forged cursor is a 400", async () => {
    const first = await get(admin, `/api/dashboard/getInteractions?allInOrg=true&limit=2`);
    expect(first.body.data).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await get(
      admin,
      `/api/dashboard/getInteractions?allInOrg=true&limit=2&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.data).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
    const ids = [...first.body.data, ...second.body.data].map((i: { id: string }) => i.id);
    expect(new Set(ids).size).toBe(3);
    const forged = await get(admin, `/api/dashboard/getInteractions?allInOrg=true&cursor=bm9wZQ`);
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe("cursor is not valid");
  });

  it("pages filtered by metadata, agent or both in the order of the unfiltered list (decision 103)", async () => {
    const owner = await signUp(ctx.app, "dash-pages");
    const org = (await createOrg(ctx.app, owner)).id;
    const people = [owner, await signUp(ctx.app, "dash-pages-b"), await signUp(ctx.app, "dash-pages-c")];
    for (const p of people.slice(1)) await addMember(ctx.app, owner, org, p, "org:member");
    const bots = [
      (await createAgent(ctx.app, owner, org, { name: "P1" })).id,
      (await createAgent(ctx.app, owner, org, { name: "P2" })).id,
    ];
    for (const [i, team] of ["Blue", "Blue", "Red"].entries())
      await db()
        .update(member)
        .set({ publicMetadata: { team } })
        .where(and(eq(member.organizationId, org), eq(member.userId, people[i]!.userId)));
    const convs: { id: string; user: string; agent: number }[] = [];
    for (let i = 0; i < 13; i++) {
      const user = people[(i * 7) % 3]!.userId;
      const agentId = bots[i % 2]!;
      const at = new Date(Date.now() - DAY + ((i * 5) % 13) * 60_000);
      convs.push({
        id: await seedConversation({ orgId: org, userId: user, agentId, at, messages: [{ role: "user" }] }),
        user,
        agent: agentId,
      });
    }
    const pages = async (filter: string) => {
      const ids: string[] = [];
      let cursor = "";
      for (;;) {
        const res = await call(
          ctx.app,
          "GET",
          `/api/dashboard/getInteractions?orgId=${org}&allInOrg=true&limit=2${filter}${cursor}`,
          {
            token: owner.token,
          },
        );
        ids.push(...res.body.data.map((d: { id: string }) => d.id));
        if (!res.body.nextCursor) return ids;
        cursor = `&cursor=${res.body.nextCursor}`;
      }
    };
    const all = await pages("");
    expect(all).toHaveLength(13);
    const blue = new Set([people[0]!.userId, people[1]!.userId]);
    const expected = (keep: (c: (typeof convs)[number]) => boolean) =>
      all.filter((id) => keep(convs.find((c) => c.id === id)!));
    expect(await pages("&metadataKey=team&metadataValue=Blue")).toEqual(expected((c) => blue.has(c.user)));
    expect(await pages(`&agentId=${bots[1]}`)).toEqual(expected((c) => c.agent === bots[1]));
    expect(await pages(`&agentId=${bots[0]}&metadataKey=team&metadataValue=Blue`)).toEqual(
      expected((c) => c.agent === bots[0] && blue.has(c.user)),
    );
    expect(await pages(`&metadataKey=team`)).toEqual(all);
  });
});

describe("the rollup follows every write", () => {
  it("a conversation and its first message written in one statement (as chat does) are counted", async () => {
    const own = await signUp(ctx.app, "dash-cte");
    const ownOrg = (await createOrg(ctx.app, own)).id;
    const bot = await createAgent(ctx.app, own, ownOrg, { name: "Cte" });
    const id = randomUUID();
    const thread = db()
      .$with("thread")
      .as(
        db()
          .insert(conversation)
          .values({ id, organizationId: ownOrg, userId: own.userId, agentId: bot.id, firstMessageText: "hi" })
          .returning({ id: conversation.id }),
      );
    await db()
      .with(thread)
      .insert(message)
      .values({ id: randomUUID(), organizationId: ownOrg, conversationId: id, role: "user", content: "hi" });
    const res = await call(ctx.app, "GET", `/api/dashboard/getStats?orgId=${ownOrg}`, { token: own.token });
    expect(res.body).toMatchObject({ conversationCount: 1, messageCount: 1 });
  });

  it("feedback changes, deleted messages and deleted conversations move the figures", async () => {
    const own = await signUp(ctx.app, "dash-writes");
    const ownOrg = (await createOrg(ctx.app, own)).id;
    const bot = await createAgent(ctx.app, own, ownOrg, { name: "Writer" });
    const id = await seedConversation({
      orgId: ownOrg,
      userId: own.userId,
      agentId: bot.id,
      messages: [
        { role: "user", content: "one" },
        { role: "assistant", inputTokens: 5, outputTokens: 5, tools: ["web_search"] },
        { role: "user", content: "two", attachments: 1 },
        { role: "assistant", inputTokens: 7, outputTokens: 1, tools: ["web_search"] },
      ],
    });
    const stats = async () =>
      (await call(ctx.app, "GET", `/api/dashboard/getStats?orgId=${ownOrg}`, { token: own.token })).body;
    expect(await stats()).toMatchObject({ messageCount: 4, toolCalls: 2, inputTokens: 12, outputTokens: 6 });

    await seedFeedback({ orgId: ownOrg, conversationId: id, userId: own.userId, agentId: bot.id, isHelpful: true });
    expect(await stats()).toMatchObject({ totalFeedback: 1, totalHelpful: 1 });
    await call(ctx.app, "POST", `/api/feedback?orgId=${ownOrg}`, {
      token: own.token,
      body: { conversationId: id, isHelpful: false },
    });
    expect(await stats()).toMatchObject({ totalFeedback: 1, totalHelpful: 0 });

    // Editing the second question drops what followed the first reply.
    const seq = (await db().execute<{ seq: number }>(
      `select seq from message where conversation_id = '${id}' order by seq limit 2`,
    )) as unknown as { rows?: { seq: number }[] } & { seq: number }[];
    const rows = seq.rows ?? seq;
    await deleteMessagesAfter({ orgId: ownOrg, conversationId: id, seq: Number(rows[1]!.seq) });
    expect(await stats()).toMatchObject({ messageCount: 2, toolCalls: 1, inputTokens: 5, outputTokens: 5 });
    const page = (await call(ctx.app, "GET", `/api/dashboard/getInteractions?orgId=${ownOrg}`, { token: own.token }))
      .body;
    expect(page.data[0]).toMatchObject({ attachmentCount: 0, toolCalls: [{ toolName: "web_search", count: 1 }] });

    const del = await call(ctx.app, "PATCH", `/api/deleteConversation?orgId=${ownOrg}&threadId=${id}`, {
      token: own.token,
    });
    expect(del.status).toBe(200);
    expect(await stats()).toMatchObject({ conversationCount: 0, messageCount: 0 });
  });
});
