// Organisations through Better Auth's organization plugin, with the product's two roles, and the
// request-context rules every /api route relies on.
import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp, onAppError } from "../app";
import { createAuth, VERIFICATION_EMAIL_LIMIT } from "../auth/auth";
import { requireAdmin, requireOrg, requireSession } from "../auth/context";
import type { AppEnv } from "../env";
import { getTestContext, testConfig, type TestContext } from "../test/context";
import { addMember, call, createOrg, setActive, signUp, uniqueEmail, type Identity } from "../test/http";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";

let ctx: TestContext;
let f: TenancyFixture;
beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
});

const getUser = (who: Identity, orgId?: string) =>
  call(ctx.app, "GET", orgId ? `/api/getUser?orgId=${orgId}` : "/api/getUser", { token: who.token });

describe("organisations", () => {
  it("[ROLE-01] the creator of an organisation is org:admin; an invited member is org:member", async () => {
    const admin = (await getUser(f.a.admin, f.a.id)).body.organizations[0];
    expect(admin).toMatchObject({ id: f.a.id, name: f.a.name, role: "org:admin" });
    const member = (await getUser(f.a.member, f.a.id)).body.organizations[0];
    expect(member).toMatchObject({ id: f.a.id, role: "org:member" });
  });

  it("[SHELL-08] lists a user's organisations and switches the active one", async () => {
    const who = await signUp(ctx.app, "switcher");
    const one = await createOrg(ctx.app, who, "Switch One");
    const two = await createOrg(ctx.app, who, "Switch Two");
    const list = await call(ctx.app, "GET", "/api/auth/organization/list", { token: who.token });
    expect(list.body.map((o: { id: string }) => o.id).sort()).toEqual([one.id, two.id].sort());

    await setActive(ctx.app, who, one.id);
    expect((await getUser(who)).body.activeOrganizationId).toBe(one.id);
    await setActive(ctx.app, who, two.id);
    expect((await getUser(who)).body.activeOrganizationId).toBe(two.id);
  });

  it("[SHELL-02] a new user has no organisation and no active organisation", async () => {
    const who = await signUp(ctx.app, "fresh");
    const res = await getUser(who);
    expect(res.status).toBe(200);
    expect(res.body.organizations).toEqual([]);
    expect(res.body.activeOrganizationId).toBeNull();
  });

  it("invites by email with a role; the invitee accepts through the invitation link and becomes a member with that role", async () => {
    const admin = await signUp(ctx.app, "inviter");
    const org = await createOrg(ctx.app, admin);
    const invitee = await signUp(ctx.app, "invitee");
    await addMember(ctx.app, admin, org.id, invitee, "org:admin");
    expect((await getUser(invitee, org.id)).body.organizations[0].role).toBe("org:admin");
  });

  it("a member cannot invite, and nobody can invite with an unknown role", async () => {
    const asMember = await call(ctx.app, "POST", "/api/auth/organization/invite-member", {
      token: f.a.member.token,
      body: { email: "someone@example.com", role: "org:member", organizationId: f.a.id },
    });
    expect(asMember.status).toBe(403);
    const badRole = await call(ctx.app, "POST", "/api/auth/organization/invite-member", {
      token: f.a.admin.token,
      body: { email: "someone@example.com", role: "owner", organizationId: f.a.id },
    });
    expect(badRole.status).toBe(400);
    expect(badRole.body.message).toBe("Role must be one of org:admin, org:member");
  });

  it("a member can leave; afterwards the organisation is a 404 for them", async () => {
    const admin = await signUp(ctx.app, "leave-admin");
    const org = await createOrg(ctx.app, admin);
    const leaver = await signUp(ctx.app, "leaver");
    await addMember(ctx.app, admin, org.id, leaver, "org:member");
    expect((await getUser(leaver, org.id)).status).toBe(200);
    const left = await call(ctx.app, "POST", "/api/auth/organization/leave", {
      token: leaver.token,
      body: { organizationId: org.id },
    });
    expect(left.status).toBe(200);
    expect((await getUser(leaver, org.id)).status).toBe(404);
  });

  it("[SHELL-09] organisations are never personal: a user who creates none belongs to none", async () => {
    const who = await signUp(ctx.app, "nopersonal");
    const list = await call(ctx.app, "GET", "/api/auth/organization/list", { token: who.token });
    expect(list.body).toEqual([]);
  });
});

describe("GET /api/getUser", () => {
  it("[API-07][SHELL-23] returns organisations with role, imageUrl, connections, modelPreferences, settings, and externalAccounts", async () => {
    const res = await getUser(f.a.admin, f.a.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: f.a.admin.userId,
      name: f.a.admin.name,
      email: f.a.admin.email,
      imageUrl: null,
      activeOrganizationId: f.a.id,
      organizations: [
        {
          id: f.a.id,
          name: f.a.name,
          slug: expect.any(String),
          role: "org:admin",
          imageUrl: null,
          connections: { mcp_servers: [] },
          modelPreferences: {},
          settings: { defaultAgentId: null, enabledPrivateTools: [] },
          // Decision 092: the tools this organisation cannot run yet (providers/web-service-keys.test.ts).
          unconfiguredTools: expect.any(Array),
        },
      ],
      externalAccounts: [],
      // Decision 080: tool names only (configured.server.test.ts checks which).
      unconfiguredTools: expect.any(Array),
    });
  });

  it("an orgId the caller does not belong to is a 404, whoever asks", async () => {
    for (const who of [f.b.admin, f.b.member, f.outsider]) {
      const res = await getUser(who, f.a.id);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain(f.a.name);
    }
    expect((await getUser(f.a.member, "no-such-org")).status).toBe(404);
  });
});

describe("request context", () => {
  // A probe app with the same middlewares every org-scoped feature uses.
  const probe = () =>
    new Hono<AppEnv>()
      .onError(onAppError)
      .use(requireSession(ctx.services.auth))
      .use(requireOrg)
      .get("/probe", (c) => c.json({ org: c.var.org.id, role: c.var.role, isAdmin: c.var.isAdmin }))
      .post("/admin-only", requireAdmin("manage probes"), (c) => c.json({ ok: true }));

  const ask = (method: string, path: string, who?: Identity) =>
    probe().request(path, { method, headers: who ? { authorization: `Bearer ${who.token}` } : {} });

  it("resolves the session's active organisation, role and isAdmin", async () => {
    expect(await (await ask("GET", "/probe", f.a.admin)).json()).toEqual({
      org: f.a.id,
      role: "org:admin",
      isAdmin: true,
    });
    expect(await (await ask("GET", "/probe", f.a.member)).json()).toEqual({
      org: f.a.id,
      role: "org:member",
      isAdmin: false,
    });
  });

  it("an orgId query parameter must name an organisation the caller belongs to (else 404)", async () => {
    expect((await ask("GET", `/probe?orgId=${f.b.id}`, f.a.admin)).status).toBe(404);
    expect((await ask("GET", `/probe?orgId=${f.a.id}`, f.outsider)).status).toBe(404);
  });

  it("[ROLE-15] requireAdmin answers 403 with the spec's text for members", async () => {
    const res = await ask("POST", "/admin-only", f.a.member);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Only organization admins can manage probes", code: "forbidden" });
    expect((await ask("POST", "/admin-only", f.a.admin)).status).toBe(200);
  });

  it("no session: 401; no active organisation: 400", async () => {
    expect((await ask("GET", "/probe")).status).toBe(401);
    const res = await ask("GET", "/probe", f.outsider);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "No active organization", code: "bad_request" });
  });
});

describe("rate limit", () => {
  it("security #10: one address may ask for only a few verification emails, so nobody's inbox can be flooded", async () => {
    const config = testConfig({ TRUST_PROXY: "true" });
    const app = createApp({
      config,
      auth: createAuth({ db: ctx.services.database.db, config, secret: "verify-limit-test-secret-0123456789" }),
    });
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const ask = () =>
      call(app, "POST", "/api/auth/send-verification-email", {
        body: { email: uniqueEmail("victim") },
        headers: { "x-forwarded-for": ip },
      });
    const statuses = [];
    for (let i = 0; i < VERIFICATION_EMAIL_LIMIT.max + 1; i++) statuses.push((await ask()).status);
    expect(statuses.slice(0, -1)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });

  it("limits failed sign-ins per client address", async () => {
    const config = testConfig({ AUTH_RATE_LIMIT_MAX: "3", TRUST_PROXY: "true" });
    const app = createApp({
      config,
      auth: createAuth({ db: ctx.services.database.db, config, secret: "rate-limit-test-secret-0123456789" }),
    });
    // Random addresses: a database reused across runs keeps earlier attempts within the window.
    const randomIp = () =>
      `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const ip = randomIp();
    // A different email each time: failures per account are limited too (sign-in-guard.test.ts).
    const attempt = () =>
      call(app, "POST", "/api/auth/sign-in/email", {
        body: { email: uniqueEmail("nobody"), password: "wrong-password" },
        headers: { "x-forwarded-for": ip },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt()).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another address is not affected, whatever header it sends.
    const other = await call(app, "POST", "/api/auth/sign-in/email", {
      body: { email: uniqueEmail("nobody"), password: "wrong-password" },
      headers: { "x-forwarded-for": randomIp(), "x-switchboard-client-ip": ip },
    });
    expect(other.status).toBe(401);
  });
});

describe("stored image URLs", () => {
  const origin = { origin: "http://localhost:3000" };
  it("security #11: an organisation logo must be an http(s) or our own file URL, on create and on update", async () => {
    const owner = await signUp(ctx.app, "logo-owner");
    const bad = await call(ctx.app, "POST", "/api/auth/organization/create", {
      token: owner.token,
      headers: origin,
      body: {
        name: "Logo Org",
        slug: `logo-org-${owner.userId.slice(0, 6)}`,
        logo: "javascript:alert(document.cookie)",
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Logo URL must be a valid URL");
    expect((await getUser(owner)).body.organizations).toEqual([]);

    const org = await createOrg(ctx.app, owner, `Logo Org ${owner.userId.slice(0, 6)}`);
    const update = (logo: string) =>
      call(ctx.app, "POST", "/api/auth/organization/update", {
        token: owner.token,
        headers: origin,
        body: { organizationId: org.id, data: { logo } },
      });
    expect((await update("javascript:alert(1)")).status).toBe(400);
    expect((await update("data:text/html,<script>alert(1)</script>")).status).toBe(400);
    expect((await getUser(owner, org.id)).body.organizations[0].imageUrl).toBeNull();
    expect((await update("https://cdn.example.com/org.png")).status).toBe(200);
    expect((await getUser(owner, org.id)).body.organizations[0].imageUrl).toBe("https://cdn.example.com/org.png");
  });

  it("security #11: a user image must be an http(s) or our own file URL, at sign-up and on update", async () => {
    const signUpBad = await call(ctx.app, "POST", "/api/auth/sign-up/email", {
      headers: origin,
      body: {
        email: `img-${Date.now()}@example.com`,
        password: "correct-horse-battery",
        name: "Img",
        image: "javascript:alert(1)",
      },
    });
    expect(signUpBad.status).toBe(400);
    expect(signUpBad.body.message).toBe("Image URL must be a valid URL");
    const who = await signUp(ctx.app, "image-user");
    const bad = await call(ctx.app, "POST", "/api/auth/update-user", {
      token: who.token,
      headers: origin,
      body: { image: "javascript:alert(1)" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Image URL must be a valid URL");
    expect((await getUser(who)).body.imageUrl).toBeNull();
    const good = await call(ctx.app, "POST", "/api/auth/update-user", {
      token: who.token,
      headers: origin,
      body: { image: "/api/files/avatar.png" },
    });
    expect(good.status).toBe(200);
    expect((await getUser(who)).body.imageUrl).toBe("/api/files/avatar.png");
  });
});
