// The dashboard beyond the spec (decision 084) against a hand-computed fixture: the chart's days, cost from
// default and overridden prices, and the CSV export, for an admin and a member.
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getTestContext, type TestContext } from "../test/context";
import { addMember, call, createOrg, signUp, type Identity } from "../test/http";
import { createAgent } from "../test/seed";
import { db } from "../db/client";
import { agent, member, scheduledTask, scheduledTaskExecution } from "../db/tables";
import { seedConversation } from "./test-support";

let ctx: TestContext;
let admin: Identity;
let mem: Identity;
let orgId: string;
let alpha: { id: number };
let beta: { id: number };
const DAY = 86_400_000;
// Five whole UTC days, ten days ago: D0 … D4.
const d0 = new Date(Math.floor((Date.now() - 10 * DAY) / DAY) * DAY);
const at = (day: number, h: number, m = 0) => new Date(d0.getTime() + day * DAY + (h * 60 + m) * 60_000);
const range = `from=${encodeURIComponent(d0.toISOString())}&to=${encodeURIComponent(new Date(d0.getTime() + 5 * DAY - 1).toISOString())}`;
const dates = (n: number) =>
  Array.from({ length: n }, (_, i) => new Date(d0.getTime() + i * DAY).toISOString().slice(0, 10));

const get = (who: Identity, path: string) =>
  call(ctx.app, "GET", `${path}${path.includes("?") ? "&" : "?"}orgId=${orgId}`, { token: who.token });

beforeAll(async () => {
  ctx = await getTestContext();
  admin = await signUp(ctx.app, "extras-admin");
  mem = await signUp(ctx.app, "extras-member");
  orgId = (await createOrg(ctx.app, admin)).id;
  await addMember(ctx.app, admin, orgId, mem, "org:member");
  alpha = await createAgent(ctx.app, admin, orgId, { name: "Alpha" });
  beta = await createAgent(ctx.app, admin, orgId, { name: "Beta" });
  await db()
    .update(agent)
    .set({ model: "anthropic:claude-sonnet-4-5" })
    .where(and(eq(agent.organizationId, orgId), eq(agent.id, beta.id)));
  await db()
    .update(member)
    .set({ publicMetadata: { department: "Sales" } })
    .where(and(eq(member.organizationId, orgId), eq(member.userId, mem.userId)));

  // A1 (member, Alpha, D1): gpt-4.1 1000/500 and a Beta sub-conversation on Claude 2000/100.
  const a1 = await seedConversation({
    orgId,
    userId: mem.userId,
    agentId: alpha.id,
    at: at(1, 10),
    messages: [
      { role: "user", content: 'Hello, "world"\nsecond line' },
      { role: "assistant", model: "openai:gpt-4.1", inputTokens: 1000, outputTokens: 500, tools: ["call_agent"] },
    ],
  });
  await seedConversation({
    orgId,
    userId: mem.userId,
    agentId: beta.id,
    parentId: a1,
    at: at(1, 10, 1),
    messages: [
      { role: "user", content: "sub" },
      { role: "assistant", model: "anthropic:claude-sonnet-4-5", inputTokens: 2000, outputTokens: 100 },
    ],
  });
  // A2 (member, Alpha, D3 23:30 UTC): a reply that named no model, priced as Alpha's (gpt-4.1).
  await seedConversation({
    orgId,
    userId: mem.userId,
    agentId: alpha.id,
    at: at(3, 23, 30),
    messages: [
      { role: "user", content: '=HYPERLINK("http://evil.example","x")' },
      { role: "assistant", inputTokens: 300_000, outputTokens: 0 },
    ],
  });
  // B1 (admin, Beta, D3 12:00): a scheduled run, Claude 1M/1M.
  const b1 = await seedConversation({
    orgId,
    userId: admin.userId,
    agentId: beta.id,
    at: at(3, 12),
    messages: [
      { role: "user", content: "+digest of the night" },
      { role: "assistant", model: "anthropic:claude-sonnet-4-5", inputTokens: 1_000_000, outputTokens: 1_000_000 },
    ],
  });
  const [task] = await db()
    .insert(scheduledTask)
    .values({
      organizationId: orgId,
      agentId: beta.id,
      createdBy: admin.userId,
      name: "Nightly digest",
      prompt: "digest",
      schedule: "0 2 * * *",
      cron: "0 2 * * *",
    })
    .returning({ id: scheduledTask.id });
  await db()
    .insert(scheduledTaskExecution)
    .values({ organizationId: orgId, taskId: task!.id, scheduledFor: at(3, 12), status: "completed", conversationId: b1 });
  // B2 (admin, Alpha, D2): an Azure deployment with no price.
  await seedConversation({
    orgId,
    userId: admin.userId,
    agentId: alpha.id,
    at: at(2, 9),
    messages: [
      { role: "user", content: "@admin azure" },
      { role: "assistant", model: "azure:my-deploy", inputTokens: 10, outputTokens: 10 },
    ],
  });
  // Outside the range.
  await seedConversation({
    orgId,
    userId: mem.userId,
    agentId: alpha.id,
    at: at(-3, 12),
    messages: [{ role: "assistant", model: "openai:gpt-4.1", inputTokens: 7, outputTokens: 7 }],
  });
});

describe("GET /api/dashboard/getDaily", () => {
  it("the admin view lists every day of the range, zeros included, adding up to the tiles", async () => {
    const res = await get(admin, `/api/dashboard/getDaily?allInOrg=true&${range}&timeZone=UTC`);
    expect(res.status).toBe(200);
    const [D0, D1, D2, D3, D4] = dates(5);
    expect(res.body).toEqual({
      timeZone: "UTC",
      days: [
        { date: D0, conversationCount: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 },
        { date: D1, conversationCount: 1, inputTokens: 3000, outputTokens: 600, totalTokens: 3600 },
        { date: D2, conversationCount: 1, inputTokens: 10, outputTokens: 10, totalTokens: 20 },
        { date: D3, conversationCount: 2, inputTokens: 1_300_000, outputTokens: 1_000_000, totalTokens: 2_300_000 },
        { date: D4, conversationCount: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 },
      ],
    });
    const stats = await get(admin, `/api/dashboard/getStats?allInOrg=true&${range}`);
    expect(stats.body).toMatchObject({ conversationCount: 4, inputTokens: 1_303_010, outputTokens: 1_000_610 });
  });

  it("days are the browser's: in Asia/Kolkata (UTC+5:30) 23:30 UTC falls on the next day", async () => {
    const res = await get(admin, `/api/dashboard/getDaily?allInOrg=true&${range}&timeZone=Asia/Kolkata`);
    expect(res.body.days.map((d: { conversationCount: number }) => d.conversationCount)).toEqual([0, 1, 1, 1, 1, 0]);
    expect(res.body.days[0].date).toBe(dates(1)[0]);
  });

  it("a member's days are their own; agent and metadata filters apply", async () => {
    const own = await get(mem, `/api/dashboard/getDaily?${range}&timeZone=UTC&userId=${admin.userId}`);
    expect(own.body.days.map((d: { conversationCount: number }) => d.conversationCount)).toEqual([0, 1, 0, 1, 0]);
    expect(own.body.days[3]).toMatchObject({ inputTokens: 300_000, outputTokens: 0 });
    // A sub-conversation counts toward its parent's agent, as on the tiles.
    const beta1 = await get(mem, `/api/dashboard/getDaily?${range}&agentId=${beta.id}`);
    expect(beta1.body.days.every((d: { conversationCount: number }) => d.conversationCount === 0)).toBe(true);
    const sales = await get(admin, `/api/dashboard/getDaily?allInOrg=true&${range}&metadataKey=department&metadataValue=Sales`);
    expect(sales.body.days.map((d: { conversationCount: number }) => d.conversationCount)).toEqual([0, 1, 0, 1, 0]);
  });

  it("allInOrg=true from a member is 403; a missing range or a bad time zone is a 400 in words", async () => {
    const refused = await get(mem, `/api/dashboard/getDaily?allInOrg=true&${range}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("Only organization admins can view organization-wide statistics");
    const noRange = await get(admin, `/api/dashboard/getDaily`);
    expect([noRange.status, noRange.body.error]).toEqual([400, "from and to are required for daily figures"]);
    const badTz = await get(admin, `/api/dashboard/getDaily?${range}&timeZone=Mars/Olympus`);
    expect([badTz.status, badTz.body.error]).toEqual([400, "timeZone must be an IANA time zone such as Europe/Berlin"]);
    const long = await get(admin, `/api/dashboard/getDaily?from=2020-01-01T00:00:00Z&to=2025-01-01T00:00:00Z`);
    expect([long.status, long.body.error]).toEqual([400, "The daily chart covers at most 731 days"]);
  });
});

describe("GET /api/dashboard/getCosts", () => {
  it("the admin view prices tokens per model by default prices, per agent, user and task", async () => {
    const res = await get(admin, `/api/dashboard/getCosts?allInOrg=true&${range}`);
    expect(res.status).toBe(200);
    // Beta's run: 1M × $3 + 1M × $15 = $18. Alpha: A1 gpt-4.1 $0.006 + its Claude sub-conversation $0.0075,
    // A2 300k × $2 = $0.6 (no model named: Alpha's gpt-4.1); B2's Azure deployment has no price.
    expect(res.body).toEqual({
      currency: "USD",
      totalCost: 18.6135,
      byAgent: [
        { id: String(beta.id), name: "Beta", inputTokens: 1_000_000, outputTokens: 1_000_000, cost: 18 },
        { id: String(alpha.id), name: "Alpha", inputTokens: 303_010, outputTokens: 610, cost: 0.6135 },
      ],
      byUser: [
        { id: admin.userId, name: "Extras-admin Tester", inputTokens: 1_000_010, outputTokens: 1_000_010, cost: 18 },
        { id: mem.userId, name: "Extras-member Tester", inputTokens: 303_000, outputTokens: 600, cost: 0.6135 },
      ],
      byTask: [{ id: expect.any(String), name: "Nightly digest", inputTokens: 1_000_000, outputTokens: 1_000_000, cost: 18 }],
      unpricedModels: ["azure:my-deploy"],
    });
  });

  it("a member sees their own cost, without the per-user table; allInOrg=true is 403", async () => {
    const res = await get(mem, `/api/dashboard/getCosts?${range}`);
    expect(res.body).toMatchObject({ totalCost: 0.6135, byUser: null, byTask: [], unpricedModels: [] });
    expect(res.body.byAgent).toEqual([
      { id: String(alpha.id), name: "Alpha", inputTokens: 303_000, outputTokens: 600, cost: 0.6135 },
    ]);
    const refused = await get(mem, `/api/dashboard/getCosts?allInOrg=true`);
    expect(refused.status).toBe(403);
  });

  it("an admin's price overrides the default, prices an unpriced model, and resets", async () => {
    const set = (who: Identity, body: unknown) =>
      call(ctx.app, "POST", `/api/updateModelPrice?orgId=${orgId}`, { token: who.token, body });
    expect((await set(admin, { model: "anthropic:claude-sonnet-4-5", inputPerMillion: 1, outputPerMillion: 2 })).status).toBe(200);
    expect((await set(admin, { model: "azure:my-deploy", inputPerMillion: 10, outputPerMillion: 10 })).status).toBe(200);
    // B1 1M × $1 + 1M × $2 = $3; A1's Claude 2000 × $1 + 100 × $2 = $0.0022; B2 20 × $10 = $0.0002.
    const res = await get(admin, `/api/dashboard/getCosts?allInOrg=true&${range}`);
    expect(res.body).toMatchObject({ totalCost: 3.6084, unpricedModels: [] });
    const prices = await get(mem, `/api/modelPrices`);
    expect(prices.body.prices).toEqual(
      expect.arrayContaining([
        { model: "anthropic:claude-sonnet-4-5", name: "claude-sonnet-4-5", inputPerMillion: 1, outputPerMillion: 2, source: "custom" },
        { model: "openai:gpt-4.1", name: "gpt-4.1", inputPerMillion: 2, outputPerMillion: 8, source: "default" },
        { model: "azure:my-deploy", name: "azure:my-deploy", inputPerMillion: 10, outputPerMillion: 10, source: "custom" },
      ]),
    );
    for (const model of ["anthropic:claude-sonnet-4-5", "azure:my-deploy"]) {
      const reset = await call(ctx.app, "POST", `/api/resetModelPrice?orgId=${orgId}`, { token: admin.token, body: { model } });
      expect(reset.status).toBe(200);
    }
    expect((await get(admin, `/api/dashboard/getCosts?allInOrg=true&${range}`)).body.totalCost).toBe(18.6135);
  });

  it("a member cannot change prices (403); bad prices are a 400 in words", async () => {
    const body = { model: "openai:gpt-4.1", inputPerMillion: 0, outputPerMillion: 0 };
    const refused = await call(ctx.app, "POST", `/api/updateModelPrice?orgId=${orgId}`, { token: mem.token, body });
    expect([refused.status, refused.body.error]).toEqual([403, "Only organization admins can update model prices"]);
    const reset = await call(ctx.app, "POST", `/api/resetModelPrice?orgId=${orgId}`, { token: mem.token, body });
    expect(reset.status).toBe(403);
    const bad = await call(ctx.app, "POST", `/api/updateModelPrice?orgId=${orgId}`, {
      token: admin.token,
      body: { model: "openai:gpt-4.1", inputPerMillion: -1, outputPerMillion: "x" },
    });
    expect([bad.status, bad.body.error]).toEqual([400, "Prices must be numbers from 0 to 10000 (US dollars per 1M tokens)"]);
    const noKey = await call(ctx.app, "POST", `/api/updateModelPrice?orgId=${orgId}`, {
      token: admin.token,
      body: { model: "gpt 4", inputPerMillion: 1, outputPerMillion: 1 },
    });
    expect([noKey.status, noKey.body.error]).toEqual([400, "model must be a model key such as openai:gpt-4.1"]);
  });
});

/** RFC 4180 rows of a CSV text (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") row.push(cell), (cell = "");
    else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell), rows.push(row), (row = []), (cell = ""), i++;
    } else cell += ch;
  }
  return rows;
}

describe("GET /api/dashboard/exportInteractions", () => {
  it("the admin's export is every interaction of the filter, newest first, escaped and formula-guarded", async () => {
    const res = await get(admin, `/api/dashboard/exportInteractions?allInOrg=true&${range}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="interactions-\d{4}-\d\d-\d\d\.csv"$/);
    // A byte-order mark leads (text() drops it, as the Fetch standard's UTF-8 decoding does).
    const raw = await ctx.app.request(`/api/dashboard/exportInteractions?orgId=${orgId}&allInOrg=true&${range}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(res.text);
    expect(rows[0]!.slice(0, 4)).toEqual(["Conversation ID", "Started", "Last activity", "Duration (s)"]);
    const col = (name: string) => rows[0]!.indexOf(name);
    const body = rows.slice(1);
    expect(body.map((r) => r[col("First message")])).toEqual([
      `'=HYPERLINK("http://evil.example","x")`,
      "'+digest of the night",
      "'@admin azure",
      'Hello, "world"\nsecond line',
    ]);
    expect(res.text).toContain('"Hello, ""world""\nsecond line"');
    const a1 = body[3]!;
    expect(a1[col("Agent")]).toBe("Alpha");
    expect(a1[col("User email")]).toBe(mem.email);
    expect(a1[col("Input tokens")]).toBe("3000");
    expect(a1[col("Sub-conversations")]).toBe("1");
    expect(a1[col("Tools")]).toBe("call_agent ×1");
    expect(a1[col("User metadata")]).toBe("department=Sales");
  });

  it("a member exports only their own conversations; allInOrg=true is 403", async () => {
    const res = await get(mem, `/api/dashboard/exportInteractions?${range}&userId=${admin.userId}`);
    const rows = parseCsv(res.text).slice(1);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.includes(mem.email))).toBe(true);
    const refused = await get(mem, `/api/dashboard/exportInteractions?allInOrg=true`);
    expect([refused.status, refused.body.error]).toEqual([403, "Only organization admins can view organization-wide interactions"]);
  });

  it("walks every page of the cursor (105 conversations, pages of 100)", async () => {
    const own = await signUp(ctx.app, "extras-many");
    const ownOrg = (await createOrg(ctx.app, own)).id;
    const bot = await createAgent(ctx.app, own, ownOrg, { name: "Many" });
    for (let i = 0; i < 105; i++)
      await seedConversation({
        orgId: ownOrg,
        userId: own.userId,
        agentId: bot.id,
        at: new Date(Date.now() - (i + 1) * 60_000),
        messages: [{ role: "user", content: `question ${i}` }],
      });
    const res = await call(ctx.app, "GET", `/api/dashboard/exportInteractions?orgId=${ownOrg}`, { token: own.token });
    const rows = parseCsv(res.text).slice(1);
    expect(rows).toHaveLength(105);
    expect(new Set(rows.map((r) => r[0])).size).toBe(105);
  });
});
