// The CSV export of interactions (decision 084) against the hand-computed fixture of extras-fixture.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { call, createOrg, signUp, type Identity } from "../test/http";
import type { TestContext } from "../test/context";
import { range, seedExtrasFixture, type ExtrasFixture } from "./extras-fixture";
import { createAgent } from "../test/seed";
import { parseCsv, seedConversation } from "./test-support";

let ctx: TestContext;
let admin: Identity;
let mem: Identity;
let orgId: string;
let get: ExtrasFixture["get"];

beforeAll(async () => {
  ({ ctx, admin, mem, orgId, get } = await seedExtrasFixture());
});

describe("GET /api/dashboard/exportInteractions", () => {
  it("the admin's export is every interaction of the filter, newest first, escaped and formula-guarded", async () => {
    const res = await get(admin, `/api/dashboard/exportInteractions?allInOrg=true&${range}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="interactions-\d{4}-\d\d-\d\d\.csv"$/,
    );
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
    expect([refused.status, refused.body.error]).toEqual([
      403,
      "Only organization admins can view organization-wide interactions",
    ]);
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
