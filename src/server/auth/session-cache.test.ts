// Sessions, memberships, credentials and agents are cached on the request path (decision 017):
// every change made through the product must still hold from the very next request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { startFakeProvider, type FakeProvider } from "../../../e2e/support/fake-provider";
import { getTestContext, type TestContext } from "../test/context";
import { addMember, call, createOrg, setActive, signUp, type Identity } from "../test/http";
import { connectOpenAI, createAgent } from "../test/seed";
import { TopicCache } from "../cache/invalidation";
import { hashSessionToken } from "./hashed-session-tokens";

let ctx: TestContext;
let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
  process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
  ctx = await getTestContext();
});
afterAll(async () => fake?.close());

async function orgWith(label: string) {
  const admin = await signUp(ctx.app, `${label}-admin`);
  const org = await createOrg(ctx.app, admin);
  await setActive(ctx.app, admin, org.id);
  const member = await signUp(ctx.app, `${label}-member`);
  await addMember(ctx.app, admin, org.id, member, "org:member");
  return { admin, member, org };
}

async function memberId(admin: Identity, orgId: string, userId: string) {
  const full = await call(ctx.app, "GET", `/api/auth/organization/get-full-organization?organizationId=${orgId}`, {
    token: admin.token,
  });
  return (full.body.members as Array<{ id: string; userId: string }>).find((m) => m.userId === userId)!.id;
}

async function chat(who: Identity, orgId: string, agentId: number, content: string) {
  const res = await ctx.app.request(`/api/chat?orgId=${orgId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${who.token}`, "content-type": "application/json" },
    body: JSON.stringify({ agentId, threadId: null, messages: [{ id: randomUUID(), role: "user", content }] }),
  });
  expect(res.status).toBe(200);
  await res.text();
  return fake.requests.filter((r) => JSON.stringify(r.body).includes(content)).at(-1)!;
}

describe("cached sessions and memberships", () => {
  it("a revoked session stops working at once", async () => {
    const who = await signUp(ctx.app, "revoke");
    const second = await call(ctx.app, "POST", "/api/auth/sign-in/email", {
      body: { email: who.email, password: "correct-horse-battery" },
    });
    const other = second.headers.get("set-auth-token")!;
    expect((await call(ctx.app, "GET", "/api/getUser", { token: other })).status).toBe(200); // now cached
    // The list shows each session by its stored hash, never its token (security #13).
    const sessions = await call(ctx.app, "GET", "/api/auth/list-sessions", { token: who.token });
    const target = (sessions.body as Array<{ token: string }>).find(
      (s) => s.token === hashSessionToken(other.split(".")[0]!),
    )!;
    expect(
      (await call(ctx.app, "POST", "/api/auth/revoke-session", { token: who.token, body: { token: target.token } }))
        .status,
    ).toBe(200);
    expect((await call(ctx.app, "GET", "/api/getUser", { token: other })).status).toBe(401);
    expect((await call(ctx.app, "GET", "/api/getUser", { token: who.token })).status).toBe(200);
  });

  it("a removed member loses the organisation at once (404)", async () => {
    const { admin, member, org } = await orgWith("removed");
    expect((await call(ctx.app, "GET", `/api/agents?orgId=${org.id}`, { token: member.token })).status).toBe(200);
    const removed = await call(ctx.app, "POST", "/api/auth/organization/remove-member", {
      token: admin.token,
      body: { memberIdOrEmail: member.email, organizationId: org.id },
    });
    expect(removed.status).toBe(200);
    expect((await call(ctx.app, "GET", `/api/agents?orgId=${org.id}`, { token: member.token })).status).toBe(404);
  });

  it("a demoted admin is refused admin actions at once (403), a promoted member allowed", async () => {
    const { admin, member, org } = await orgWith("demoted");
    const body = { action: "create", key: "openai", data: { OPENAI_API_KEY: "sk-demotion" } };
    expect(
      (await call(ctx.app, "POST", `/api/updateConnections?orgId=${org.id}`, { token: member.token, body })).status,
    ).toBe(403);
    const id = await memberId(admin, org.id, member.userId);
    const promote = await call(ctx.app, "POST", "/api/auth/organization/update-member-role", {
      token: admin.token,
      body: { memberId: id, role: "org:admin", organizationId: org.id },
    });
    expect(promote.status).toBe(200);
    expect(
      (await call(ctx.app, "POST", `/api/updateConnections?orgId=${org.id}`, { token: member.token, body })).status,
    ).toBe(200);
    const demote = await call(ctx.app, "POST", "/api/auth/organization/update-member-role", {
      token: admin.token,
      body: { memberId: id, role: "org:member", organizationId: org.id },
    });
    expect(demote.status).toBe(200);
    const refused = await call(ctx.app, "POST", `/api/updateConnections?orgId=${org.id}`, {
      token: member.token,
      body: { ...body, action: "update" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/^Only organization admins can /);
  });

  it("switching the active organisation holds from the next request", async () => {
    const who = await signUp(ctx.app, "switcher");
    const first = await createOrg(ctx.app, who, `First ${randomUUID().slice(0, 6)}`);
    const second = await createOrg(ctx.app, who, `Second ${randomUUID().slice(0, 6)}`);
    await setActive(ctx.app, who, first.id);
    await createAgent(ctx.app, who, first.id, { name: "Only in first" });
    const names = async () =>
      ((await call(ctx.app, "GET", "/api/agents", { token: who.token })).body as Array<{ name: string }>).map(
        (a) => a.name,
      );
    expect(await names()).toContain("Only in first");
    await setActive(ctx.app, who, second.id);
    expect(await names()).not.toContain("Only in first");
  });
});

describe("cached credentials and agents", () => {
  it("a changed provider key and edited instructions reach the very next reply", async () => {
    const { admin, org } = await orgWith("chatcache");
    await connectOpenAI(ctx.app, admin, org.id, "sk-first-key");
    const agent = await createAgent(ctx.app, admin, org.id, { systemPrompt: "Version one." });
    const one = await chat(admin, org.id, agent.id, `first ${randomUUID()}`);
    expect(one.headers.authorization).toBe("Bearer sk-first-key");
    expect(JSON.stringify(one.body.messages[0])).toContain("Version one.");

    const update = await call(ctx.app, "POST", `/api/updateConnections?orgId=${org.id}`, {
      token: admin.token,
      body: { action: "update", key: "openai", data: { OPENAI_API_KEY: "sk-second-key" } },
    });
    expect(update.status).toBe(200);
    const edited = await call(ctx.app, "POST", `/api/agents?orgId=${org.id}`, {
      token: admin.token,
      body: { id: agent.id, name: agent.name, model: "openai:gpt-4.1", systemPrompt: "Version two." },
    });
    expect(edited.status).toBe(200);
    const two = await chat(admin, org.id, agent.id, `second ${randomUUID()}`);
    expect(two.headers.authorization).toBe("Bearer sk-second-key");
    expect(JSON.stringify(two.body.messages[0])).toContain("Version two.");

    expect(
      (
        await call(ctx.app, "DELETE", `/api/agents?orgId=${org.id}`, {
          token: admin.token,
          body: { agentId: agent.id },
        })
      ).status,
    ).toBe(200);
    const gone = await ctx.app.request(`/api/chat?orgId=${org.id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        agentId: agent.id,
        threadId: null,
        messages: [{ id: randomUUID(), role: "user", content: "still there?" }],
      }),
    });
    expect(gone.status).toBe(404);
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("replicas", () => {
  it("a NOTIFY from another replica drops this replica's entries", async () => {
    const cache = new TopicCache<number>("agents");
    let loads = 0;
    const load = async () => ++loads;
    await cache.get("k", load);
    await cache.get("k", load);
    expect(loads).toBe(1);
    // Another replica's write, as it announces it.
    const { Client } = await import("pg");
    const other = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await other.connect();
    await other.query("select pg_notify('switchboard_cache', 'agents')");
    await other.end();
    await expect.poll(async () => (await cache.get("k", load), loads), { timeout: 5000 }).toBeGreaterThan(1);
  });
});
