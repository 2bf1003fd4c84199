// Decision 092: the web research services' keys an organisation brings (Control Hub → Integrations) go
// through the integrations' route and store: admins only, validated, encrypted at rest, never returned; and
// each organisation's unconfiguredTools follows its own connections.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getTestContext, type TestContext } from "../test/context";
import { addMember, call, type Identity } from "../test/http";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";

let ctx: TestContext;
let f: TenancyFixture;
beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
});
afterEach(() => vi.unstubAllEnvs());

const update = (who: Identity, orgId: string, body: unknown) =>
  call(ctx.app, "POST", `/api/updateConnections?orgId=${orgId}`, { token: who.token, body });
const getUser = (who: Identity) => call(ctx.app, "GET", "/api/getUser", { token: who.token });

// One value per field, secrets recognisable in any response.
const SAMPLE: Record<string, Record<string, string>> = {
  google_search: { api_key: "AIzaSy-SECRET-google", cx: "engine-id-123" },
  perplexity: { api_key: "pplx-SECRET-perplexity" },
  reddit: { client_id: "reddit-client-id", client_secret: "SECRET-reddit", username: "org_bot" },
  tiktok: { client_key: "SECRET-tiktok-client-key", client_secret: "SECRET-tiktok" },
  fooddata_central: { api_key: "SECRET-fdc" },
};
const SECRETS = Object.values(SAMPLE).flatMap((d) => Object.values(d).filter((v) => v.includes("SECRET")));

const OPERATOR_KEYS = [
  "SEARXNG_URL",
  "GOOGLE_SEARCH_API_KEY",
  "GOOGLE_SEARCH_CX",
  "PERPLEXITY_API_KEY",
  "REDDIT_CLIENT_ID",
  "REDDIT_CLIENT_SECRET",
  "TIKTOK_CLIENT_KEY",
  "TIKTOK_CLIENT_SECRET",
  "FDC_API_KEY",
];
const WEB_TOOLS = [
  "ask_web",
  "perplexity_deep_research",
  "read_subreddit",
  "search_fd_products",
  "search_google",
  "search_reddit",
  "search_tiktok",
];

describe("web research service keys in Integrations", () => {
  it("a member gets 403 with the spec's text when adding, changing or removing one, and nothing changes", async () => {
    const g = await createTenancyFixture(ctx.app);
    for (const [key, data] of Object.entries(SAMPLE)) {
      const res = await update(g.a.member, g.a.id, { action: "create", key, data });
      expect(res.status, key).toBe(403);
      expect(res.body.error).toBe("Only organization admins can manage connections");
    }
    expect(
      (await update(g.a.admin, g.a.id, { action: "create", key: "perplexity", data: SAMPLE.perplexity })).status,
    ).toBe(200);
    for (const body of [
      { action: "update", key: "perplexity", data: { api_key: "pplx-member" } },
      { action: "delete", key: "perplexity" },
    ]) {
      const res = await update(g.a.member, g.a.id, body);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("Only organization admins can manage connections");
    }
    const { getCredentials } = await import("./connection-store");
    expect(await getCredentials({ orgId: g.a.id, key: "perplexity" })).toEqual(SAMPLE.perplexity);
  });

  it("an admin of another organisation cannot set one here (404), and this organisation's keys stay its own", async () => {
    const g = await createTenancyFixture(ctx.app);
    const res = await update(g.b.admin, g.a.id, { action: "create", key: "perplexity", data: SAMPLE.perplexity });
    expect(res.status).toBe(404);
    const { getCredentials } = await import("./connection-store");
    expect(await getCredentials({ orgId: g.a.id, key: "perplexity" })).toBeNull();
    expect(await getCredentials({ orgId: g.b.id, key: "perplexity" })).toBeNull();
  });

  it("each field is checked with a clear message", async () => {
    const cases: [string, Record<string, string>, string][] = [
      ["google_search", { api_key: "k" }, "Search engine ID is required"],
      ["google_search", { cx: "c" }, "API key is required"],
      ["perplexity", { api_key: "  " }, "API key is required"],
      ["reddit", { client_id: "id" }, "Client secret is required"],
      [
        "reddit",
        { client_id: "id", client_secret: "s", username: "bad name\r\nX-Injected: 1" },
        "Reddit username may contain only letters, digits, '_' and '-' (3 to 20)",
      ],
      ["tiktok", { client_secret: "s" }, "Client key is required"],
      ["fooddata_central", {}, "API key is required"],
    ];
    for (const [key, data, message] of cases) {
      const res = await update(f.a.admin, f.a.id, { action: "create", key, data });
      expect(res.status, `${key} ${JSON.stringify(data)}`).toBe(400);
      expect(res.body.error).toBe(message);
    }
  });

  it("secrets are encrypted at rest and in no response: save, edit form, user info", async () => {
    const g = await createTenancyFixture(ctx.app);
    for (const [key, data] of Object.entries(SAMPLE)) {
      const res = await update(g.a.admin, g.a.id, { action: "create", key, data });
      expect(res.status, key).toBe(200);
      expect(res.body.connections[key]).toBe(true);
      for (const s of SECRETS) expect(res.text).not.toContain(s);
    }
    const described = await call(ctx.app, "GET", `/api/getConnection?orgId=${g.a.id}&key=reddit`, {
      token: g.a.admin.token,
    });
    expect(described.body).toEqual({
      key: "reddit",
      isConnected: true,
      values: { client_id: "reddit-client-id", username: "org_bot" },
      secretsSet: ["client_secret"],
    });
    for (const key of Object.keys(SAMPLE)) {
      const res = await call(ctx.app, "GET", `/api/getConnection?orgId=${g.a.id}&key=${key}`, {
        token: g.a.member.token,
      });
      expect(res.status).toBe(200);
      for (const s of SECRETS) expect(res.text).not.toContain(s);
    }
    for (const who of [g.a.admin, g.a.member]) {
      const res = await getUser(who);
      for (const s of SECRETS) expect(res.text).not.toContain(s);
    }
    const { connection } = await import("../db/tables");
    const { db } = await import("../db/client");
    const { eq } = await import("drizzle-orm");
    const rows = await db().select().from(connection).where(eq(connection.organizationId, g.a.id));
    expect(rows.map((r) => r.key).sort()).toEqual(Object.keys(SAMPLE).sort());
    for (const r of rows) for (const s of SECRETS) expect(r.encryptedData).not.toContain(s);
  });

  it("an edit that leaves a secret empty keeps the stored one", async () => {
    const g = await createTenancyFixture(ctx.app);
    await update(g.a.admin, g.a.id, { action: "create", key: "google_search", data: SAMPLE.google_search });
    const res = await update(g.a.admin, g.a.id, {
      action: "update",
      key: "google_search",
      data: { api_key: "", cx: "another-engine" },
    });
    expect(res.status).toBe(200);
    const { getCredentials } = await import("./connection-store");
    expect(await getCredentials({ orgId: g.a.id, key: "google_search" })).toEqual({
      api_key: "AIzaSy-SECRET-google",
      cx: "another-engine",
    });
  });

  it("unconfiguredTools is per organisation: a web tool with the organisation's own key is not marked there", async () => {
    for (const k of OPERATOR_KEYS) vi.stubEnv(k, "");
    const g = await createTenancyFixture(ctx.app);
    // One person in both organisations sees each with its own list.
    await addMember(ctx.app, g.b.admin, g.b.id, g.a.member, "org:member");
    await update(g.a.admin, g.a.id, { action: "create", key: "perplexity", data: SAMPLE.perplexity });
    await update(g.a.admin, g.a.id, { action: "create", key: "reddit", data: SAMPLE.reddit });
    const res = await getUser(g.a.member);
    const orgs = Object.fromEntries(
      (res.body.organizations as { id: string; unconfiguredTools: string[] }[]).map((o) => [o.id, o.unconfiguredTools]),
    );
    const web = (list: string[]) => list.filter((t) => WEB_TOOLS.includes(t)).sort();
    expect(web(orgs[g.a.id]!)).toEqual(["search_fd_products", "search_google", "search_tiktok"]);
    expect(web(orgs[g.b.id]!)).toEqual(WEB_TOOLS);
    // The user-level list stays the operator's alone.
    expect(web(res.body.unconfiguredTools)).toEqual(WEB_TOOLS);
    // The operator's key configures the tool for every organisation.
    vi.stubEnv("FDC_API_KEY", "operator-fdc");
    const after = await getUser(g.a.member);
    for (const o of after.body.organizations as { unconfiguredTools: string[] }[])
      expect(o.unconfiguredTools).not.toContain("search_fd_products");
  });
});
