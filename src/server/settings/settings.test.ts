import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getTestContext, type TestContext } from "../test/context";
import { call, type Identity } from "../test/http";
import { connectOpenAI, createAgent } from "../test/seed";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";
import { db } from "../db/client";
import { apiKey } from "../db/tables";

let ctx: TestContext;
let f: TenancyFixture;
beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
});

const settings = (who: Identity, body: unknown) =>
  call(ctx.app, "POST", `/api/orgSettings?orgId=${f.a.id}`, { token: who.token, body });
const orgOf = async (who: Identity) =>
  (await call(ctx.app, "GET", `/api/getUser?orgId=${f.a.id}`, { token: who.token })).body.organizations[0];

describe("organisation settings", () => {
  it("[SET-01] an organisation carries id, role, imageUrl, connections, modelPreferences and settings", async () => {
    await connectOpenAI(ctx.app, f.a.admin, f.a.id);
    const agent = await createAgent(ctx.app, f.a.admin, f.a.id);
    await settings(f.a.admin, { settings: { defaultAgentId: agent.id } });
    await call(ctx.app, "POST", `/api/admin/tools?orgId=${f.a.id}`, {
      token: f.a.admin.token,
      body: { enabledPrivateTools: ["save_flash_report"] },
    });
    for (const [who, role] of [
      [f.a.admin, "org:admin"],
      [f.a.member, "org:member"],
    ] as const) {
      const org = await orgOf(who);
      expect(org).toMatchObject({ id: f.a.id, role, imageUrl: null, modelPreferences: expect.any(Object) });
      expect(org.settings).toMatchObject({ defaultAgentId: agent.id, enabledPrivateTools: ["save_flash_report"] });
      // A map from connection key to a truthy value, never the credentials.
      expect(org.connections.openai).toBe(true);
      for (const value of Object.values(org.connections)) expect(value).toBeTruthy();
    }
  });

  it("[SET-02] settings.defaultAgentId is an integer or null; enabledPrivateTools is a list", async () => {
    const fresh = await createTenancyFixture(ctx.app);
    const first = (await call(ctx.app, "GET", `/api/getUser?orgId=${fresh.a.id}`, { token: fresh.a.admin.token })).body
      .organizations[0];
    expect(first.settings).toEqual({ defaultAgentId: null, enabledPrivateTools: [] });
    const agent = await createAgent(ctx.app, fresh.a.admin, fresh.a.id);
    const saved = await call(ctx.app, "POST", `/api/orgSettings?orgId=${fresh.a.id}`, {
      token: fresh.a.admin.token,
      body: { settings: { defaultAgentId: `${agent.id}` } },
    });
    expect(Number.isInteger(saved.body.settings.defaultAgentId)).toBe(true);
    expect(Array.isArray(saved.body.settings.enabledPrivateTools)).toBe(true);
    expect(
      (
        await call(ctx.app, "POST", `/api/orgSettings?orgId=${fresh.a.id}`, {
          token: fresh.a.admin.token,
          body: { settings: { defaultAgentId: 1.5 } },
        })
      ).status,
    ).toBe(400);
  });

  it("[SET-07][API-47] the default agent is stored as an integer, or null when empty", async () => {
    const a = await createAgent(ctx.app, f.a.admin, f.a.id);
    expect(
      (await settings(f.a.admin, { settings: { defaultAgentId: String(a.id) } })).body.settings.defaultAgentId,
    ).toBe(a.id);
    expect((await orgOf(f.a.member)).settings.defaultAgentId).toBe(a.id);
    expect((await settings(f.a.admin, { settings: { defaultAgentId: "" } })).body.settings.defaultAgentId).toBeNull();
    expect((await settings(f.a.admin, { settings: { defaultAgentId: null } })).status).toBe(200);
  });

  it("refuses another organisation's agent or nonsense as the default", async () => {
    const foreign = await createAgent(ctx.app, f.b.admin, f.b.id);
    const res = await settings(f.a.admin, { settings: { defaultAgentId: foreign.id } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("The default agent must be one of this organization's agents");
    expect((await settings(f.a.admin, { settings: { defaultAgentId: "abc" } })).status).toBe(400);
    expect((await settings(f.a.admin, {})).status).toBe(400);
  });

  it("[ROLE-11] members cannot change settings", async () => {
    const res = await settings(f.a.member, { settings: { defaultAgentId: null } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("Only organization admins can update settings");
  });
});

describe("private tools", () => {
  const tools = (who: Identity, body: unknown) =>
    call(ctx.app, "POST", `/api/admin/tools?orgId=${f.a.id}`, { token: who.token, body });

  it("[API-49][SET-13] admins enable private tools; the list is in settings", async () => {
    const res = await tools(f.a.admin, { enabledPrivateTools: ["save_whiteboard", "read_kb_file", "save_whiteboard"] });
    expect(res.body).toEqual({ success: true, enabledPrivateTools: ["save_whiteboard", "read_kb_file"] });
    expect((await orgOf(f.a.member)).settings.enabledPrivateTools).toEqual(["save_whiteboard", "read_kb_file"]);
  });

  it("refuses public or unknown tool names, and members", async () => {
    expect((await tools(f.a.admin, { enabledPrivateTools: ["scrape_url"] })).body.error).toBe(
      "scrape_url is not a private tool",
    );
    expect((await tools(f.a.admin, { enabledPrivateTools: "save_whiteboard" })).status).toBe(400);
    const member = await tools(f.a.member, { enabledPrivateTools: [] });
    expect(member.status).toBe(403);
    expect(member.body.error).toBe("Only organization admins can manage private tools");
  });
});

describe("API keys", () => {
  const getKey = (who: Identity) => call(ctx.app, "GET", `/api/getAPIKey?orgId=${f.a.id}`, { token: who.token });

  it("[API-48][SET-04] gives each user a key valid for 6 months, the same one until revoked", async () => {
    const first = await getKey(f.a.member);
    expect(first.status).toBe(200);
    expect(first.body.apiKey).toMatch(/^sb_[A-Za-z0-9_-]{40,}$/);
    const months = (new Date(first.body.expiresAt).getTime() - Date.now()) / (1000 * 60 * 60 * 24 * 30.4);
    expect(months).toBeGreaterThan(5.9);
    expect(months).toBeLessThan(6.1);
    expect((await getKey(f.a.member)).body.apiKey).toBe(first.body.apiKey);
    expect((await getKey(f.a.admin)).body.apiKey).not.toBe(first.body.apiKey);
  });

  it("authenticates scripts as a bearer token, in its organisation only", async () => {
    const key = (await getKey(f.a.member)).body.apiKey;
    const agents = await call(ctx.app, "GET", "/api/agents", { token: key });
    expect(agents.status).toBe(200);
    const user = await call(ctx.app, "GET", "/api/getUser", { token: key });
    expect(user.body.organizations.map((o: { id: string }) => o.id)).toEqual([f.a.id]);
    expect((await call(ctx.app, "GET", `/api/agents?orgId=${f.b.id}`, { token: key })).status).toBe(404);
    // The key carries the member's role: admin actions stay refused.
    expect(
      (await call(ctx.app, "POST", "/api/orgSettings", { token: key, body: { settings: { defaultAgentId: null } } }))
        .status,
    ).toBe(403);
    // It is stored hashed and encrypted, never in the clear.
    const rows = await db().select().from(apiKey).where(eq(apiKey.userId, f.a.member.userId));
    for (const r of rows) expect(JSON.stringify(r)).not.toContain(key);
  });

  it("stops working when revoked, and a new one is issued", async () => {
    const key = (await getKey(f.a.admin)).body.apiKey;
    expect(
      (await call(ctx.app, "POST", `/api/revokeAPIKey?orgId=${f.a.id}`, { token: f.a.admin.token, body: {} })).body
        .revoked,
    ).toBe(1);
    expect((await call(ctx.app, "GET", "/api/agents", { token: key })).status).toBe(401);
    const next = (await getKey(f.a.admin)).body.apiKey;
    expect(next).not.toBe(key);
    expect((await call(ctx.app, "GET", "/api/agents", { token: next })).status).toBe(200);
  });

  it("stops working when expired, or when the user leaves the organisation", async () => {
    expect((await getKey(f.b.member)).status).toBe(404); // not a member of A
    const bKey = (await call(ctx.app, "GET", `/api/getAPIKey?orgId=${f.b.id}`, { token: f.b.member.token })).body
      .apiKey;
    expect((await call(ctx.app, "GET", "/api/agents", { token: bKey })).status).toBe(200);
    await db()
      .update(apiKey)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKey.userId, f.b.member.userId));
    expect((await call(ctx.app, "GET", "/api/agents", { token: bKey })).status).toBe(401);

    const cKey = (await call(ctx.app, "GET", `/api/getAPIKey?orgId=${f.b.id}`, { token: f.b.member.token })).body
      .apiKey;
    expect((await call(ctx.app, "GET", "/api/agents", { token: cKey })).status).toBe(200);
    await call(ctx.app, "POST", "/api/auth/organization/leave", {
      token: f.b.member.token,
      body: { organizationId: f.b.id },
    });
    expect((await call(ctx.app, "GET", "/api/agents", { token: cKey })).status).toBe(401);
  });

  it("an unknown sb_ key is a 401", async () => {
    expect((await call(ctx.app, "GET", "/api/agents", { token: "sb_not-a-real-key" })).status).toBe(401);
  });
});
