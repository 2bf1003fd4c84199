// Providers and integrations: connect, edit, disconnect; the spec's validation messages; secrets
// never leave the server; members are refused.
import { beforeAll, describe, expect, it } from "vitest";
import { getTestContext, type TestContext } from "../test/context";
import { call, type Identity } from "../test/http";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";
import { setOutboundAllowList } from "../net/outbound-guard";

let ctx: TestContext;
let f: TenancyFixture;
beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
});

const update = (who: Identity, body: unknown, orgId = f.a.id) => call(ctx.app, "POST", `/api/updateConnections?orgId=${orgId}`, { token: who.token, body });
const user = (who: Identity = f.a.admin) => call(ctx.app, "GET", `/api/getUser?orgId=${f.a.id}`, { token: who.token });
const connections = async () => (await user()).body.organizations[0].connections;

describe("providers", () => {
  it("[PROV-04][PROV-06][API-24] connecting OpenAI puts openai in the connections map, never the key", async () => {
    const res = await update(f.a.admin, { action: "create", key: "openai", data: { OPENAI_API_KEY: "sk-secret-value-123" } });
    expect(res.status).toBe(200);
    expect(res.body.connections.openai).toBe(true);
    expect(res.text).not.toContain("sk-secret-value-123");
    expect((await connections()).openai).toBe(true);
    const described = await call(ctx.app, "GET", `/api/getConnection?orgId=${f.a.id}&key=openai`, { token: f.a.admin.token });
    expect(described.body).toEqual({ key: "openai", isConnected: true, values: {}, secretsSet: ["OPENAI_API_KEY"] });
    for (const who of [f.a.admin, f.a.member]) expect((await user(who)).text).not.toContain("sk-secret-value-123");
  });

  it("[PROV-02] a connection reports isConnected: false until it is connected", async () => {
    const g = (await createTenancyFixture(ctx.app)).a; // other tests connect xAI in the shared organisation
    const describe = () => call(ctx.app, "GET", `/api/getConnection?orgId=${g.id}&key=xai`, { token: g.admin.token });
    expect((await describe()).body).toMatchObject({ key: "xai", isConnected: false });
    expect((await update(g.admin, { action: "create", key: "xai", data: { XAI_API_KEY: "xai-test" } }, g.id)).status).toBe(200);
    expect((await describe()).body).toMatchObject({ key: "xai", isConnected: true, secretsSet: ["XAI_API_KEY"] });
  });

  it("[PROV-13][PROV-14] empty or blank credentials get the spec's messages", async () => {
    const cases: Array<[string, Record<string, string>, string]> = [
      ["openai", { OPENAI_API_KEY: "   " }, "API key is required"],
      ["azure_openai", { API_KEY: "k" }, "Resource name is required"],
      ["anthropic", {}, "API key is required"],
      ["google", { GOOGLE_API_KEY: "" }, "API key is required"],
      ["google_vertex", { GOOGLE_CLOUD_LOCATION: "l", GOOGLE_CLOUD_JSON_KEY: "{}" }, "Project ID is required"],
      ["google_vertex", { GOOGLE_CLOUD_PROJECT_ID: "p", GOOGLE_CLOUD_JSON_KEY: "{}" }, "Location is required"],
      ["google_vertex", { GOOGLE_CLOUD_PROJECT_ID: "p", GOOGLE_CLOUD_LOCATION: "l" }, "JSON key is required"],
      ["aws_bedrock", { AWS_ACCESS_KEY_ID: "a", AWS_SECRET_ACCESS_KEY: "s" }, "Region is required"],
      ["aws_bedrock", { AWS_REGION: "r", AWS_SECRET_ACCESS_KEY: "s" }, "Access Key ID is required"],
      ["aws_bedrock", { AWS_REGION: "r", AWS_ACCESS_KEY_ID: "a" }, "Secret Access Key is required"],
      ["xai", {}, "API key is required"],
    ];
    for (const [key, data, message] of cases) {
      const res = await update(f.a.admin, { action: "create", key, data });
      expect(res.status, key).toBe(400);
      expect(res.body.error, key).toBe(message);
    }
  });

  it("[PROV-07][PROV-11] optional fields may be left out", async () => {
    expect((await update(f.a.admin, { action: "create", key: "azure_openai", data: { RESOURCE_NAME: "res", API_KEY: "k" } })).status).toBe(200);
    expect((await update(f.a.admin, { action: "create", key: "aws_bedrock", data: { AWS_REGION: "us-east-1", AWS_ACCESS_KEY_ID: "AKIA", AWS_SECRET_ACCESS_KEY: "s" } })).status).toBe(200);
  });

  it("[PROV-05] edit keeps a masked secret left empty, and replaces it when given", async () => {
    await update(f.a.admin, { action: "create", key: "azure_openai", data: { RESOURCE_NAME: "first", API_KEY: "original-key" } });
    const edited = await update(f.a.admin, { action: "update", key: "azure_openai", data: { RESOURCE_NAME: "second", API_KEY: "" } });
    expect(edited.status).toBe(200);
    const described = await call(ctx.app, "GET", `/api/getConnection?orgId=${f.a.id}&key=azure_openai`, { token: f.a.admin.token });
    expect(described.body.values).toEqual({ RESOURCE_NAME: "second" });
    expect(described.body.secretsSet).toEqual(["API_KEY"]);
    const { getCredentials } = await import("./connection-store");
    expect(await getCredentials({ orgId: f.a.id, key: "azure_openai" })).toEqual({ RESOURCE_NAME: "second", API_KEY: "original-key" });
    await update(f.a.admin, { action: "update", key: "azure_openai", data: { API_KEY: "rotated-key" } });
    expect((await getCredentials({ orgId: f.a.id, key: "azure_openai" }))!.API_KEY).toBe("rotated-key");
  });

  it("credentials are encrypted at rest", async () => {
    await update(f.a.admin, { action: "create", key: "xai", data: { XAI_API_KEY: "xai-plain-secret" } });
    const { connection } = await import("../db/tables");
    const { db } = await import("../db/client");
    const rows = await db.select().from(connection);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.encryptedData).not.toContain("xai-plain-secret");
  });

  it("[PROV-05] disconnect removes the key; disconnecting again is a 404", async () => {
    await update(f.a.admin, { action: "create", key: "google", data: { GOOGLE_API_KEY: "g" } });
    expect((await update(f.a.admin, { action: "delete", key: "google" })).status).toBe(200);
    expect((await connections()).google).toBeUndefined();
    expect((await update(f.a.admin, { action: "delete", key: "google" })).status).toBe(404);
  });

  it("[API-25] accepts onboarding's body keyed by provider key", async () => {
    const res = await update(f.b.admin, { anthropic: { ANTHROPIC_API_KEY: "sk-ant-onboarding" } }, f.b.id);
    expect(res.status).toBe(200);
    expect(res.body.connections.anthropic).toBe(true);
    expect((await update(f.b.admin, { anthropic: { ANTHROPIC_API_KEY: "" } }, f.b.id)).body.error).toBe("API key is required");
    expect((await update(f.b.admin, { nonsense: { X: "y" } }, f.b.id)).body.error).toBe("Invalid integration schema");
  });

  it("[ROLE-06][ROLE-15] members get 403 with the spec's text and nothing changes", async () => {
    // Connected here, not by an earlier test: the suite runs shuffled.
    if (!(await connections()).openai) await update(f.a.admin, { action: "create", key: "openai", data: { OPENAI_API_KEY: "sk-role-test" } });
    expect((await connections()).openai).toBe(true);
    const res = await update(f.a.member, { action: "create", key: "xai", data: { XAI_API_KEY: "member-key" } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("Only organization admins can manage connections");
    const del = await update(f.a.member, { action: "delete", key: "openai" });
    expect(del.status).toBe(403);
    expect((await connections()).openai).toBe(true);
  });

  it("[INTEG-16] unknown keys are an invalid integration schema; bad bodies are 400s", async () => {
    expect((await update(f.a.admin, { action: "create", key: "nope", data: {} })).body.error).toBe("Invalid integration schema");
    expect((await update(f.a.admin, { action: "explode", key: "openai" })).status).toBe(400);
    const notJson = await call(ctx.app, "POST", `/api/updateConnections?orgId=${f.a.id}`, { token: f.a.admin.token, body: "{oops" });
    expect(notJson.status).toBe(400);
  });
});

describe("integrations", () => {
  const snowflake = { auth_method: "password", account: "acc", user: "u", password: "pw", warehouse: "w", database: "d", schema: "s", role: "r" };

  it("[INTEG-05][INTEG-07][INTEG-08] Snowflake's required fields and auth method", async () => {
    expect((await update(f.a.admin, { action: "create", key: "snowflake", data: { ...snowflake, auth_method: "" } })).body.error).toBe(
      "Please select an authentication method",
    );
    const msgs: Record<string, string> = {
      account: "Account identifier is required",
      user: "Username is required",
      warehouse: "Warehouse name is required",
      database: "Database name is required",
      schema: "Schema name is required",
      role: "Role name is required",
    };
    for (const [field, message] of Object.entries(msgs)) {
      const res = await update(f.a.admin, { action: "create", key: "snowflake", data: { ...snowflake, [field]: "" } });
      expect(res.body.error).toBe(message);
      expect(res.body.details.fields[field]).toBe(message);
    }
  });

  it("[INTEG-09] password auth needs a password and pat a token, one combined error on password", async () => {
    const combined = "Password is required for Username/Password auth, and Token is required for PAT auth";
    const noPw = await update(f.a.admin, { action: "create", key: "snowflake", data: { ...snowflake, password: "" } });
    expect(noPw.body.details.fields).toEqual({ password: combined });
    const noToken = await update(f.a.admin, { action: "create", key: "snowflake", data: { ...snowflake, auth_method: "pat", password: "" } });
    expect(noToken.body.details.fields).toEqual({ password: combined });
    expect((await update(f.a.admin, { action: "create", key: "snowflake", data: { ...snowflake, auth_method: "pat", password: "", token: "t" } })).status).toBe(200);
  });

  it("[INTEG-10][INTEG-11][INTEG-12][INTEG-13] Postgres: required fields, port default 5432 and positive integer, sslmode enum", async () => {
    const pgData = { host: "db.example.com", database: "d", user: "u", password: "p" };
    for (const [field, message] of Object.entries({ host: "Host is required", database: "Database name is required", user: "Username is required", password: "Password is required" })) {
      expect((await update(f.a.admin, { action: "create", key: "postgres", data: { ...pgData, [field]: "" } })).body.error).toBe(message);
    }
    for (const port of [0, -5, 1.5, "abc"]) {
      expect((await update(f.a.admin, { action: "create", key: "postgres", data: { ...pgData, port } })).body.error).toBe("Port must be a positive integer");
    }
    expect((await update(f.a.admin, { action: "create", key: "postgres", data: { ...pgData, sslmode: "sometimes" } })).status).toBe(400);
    expect((await update(f.a.admin, { action: "create", key: "postgres", data: { ...pgData, sslmode: "verify-full" } })).status).toBe(200);
    const described = await call(ctx.app, "GET", `/api/getConnection?orgId=${f.a.id}&key=postgres`, { token: f.a.member.token });
    expect(described.body.values).toEqual({ host: "db.example.com", port: 5432, database: "d", user: "u", sslmode: "verify-full" });
    expect(described.text).not.toContain('"p"');
  });

  it("[INTEG-14] Pinecone needs an API key and a host; BigQuery is coming soon; Google Sheets is OAuth", async () => {
    expect((await update(f.a.admin, { action: "create", key: "pinecone", data: { host: "h" } })).body.error).toBe("API key is required");
    expect((await update(f.a.admin, { action: "create", key: "pinecone", data: { api_key: "k" } })).body.error).toBe("Host is required");
    expect((await update(f.a.admin, { action: "create", key: "bigquery", data: {} })).body.error).toBe("BigQuery is coming soon");
    expect((await update(f.a.admin, { action: "create", key: "google-sheets", data: {} })).status).toBe(400);
  });
});

describe("Postgres test connection", () => {
  const test = (who: Identity, data: Record<string, unknown>) =>
    call(ctx.app, "POST", `/api/integrations/postgres/test?orgId=${f.a.id}`, { token: who.token, body: { data } });

  it("refuses loopback and private hosts unless the operator allow-lists them", async () => {
    for (const host of ["127.0.0.1", "localhost", "10.0.0.5", "0x7f000001", "[::1]", "169.254.169.254"]) {
      const res = await test(f.a.admin, { host, database: "d", user: "u", password: "p" });
      expect(res.body, host).toEqual({ ok: false, error: "Connections to private, loopback or link-local addresses are not allowed" });
    }
  });

  it("members cannot test connections", async () => {
    const res = await test(f.a.member, { host: "db.example.com", database: "d", user: "u", password: "p" });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("Only organization admins can test connections");
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)("connects to a real PostgreSQL and reports its version", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    setOutboundAllowList([url.hostname]);
    try {
      const ok = await test(f.a.admin, { host: url.hostname, port: Number(url.port || 5432), database: url.pathname.slice(1), user: url.username, password: url.password || "unused", sslmode: "disable" });
      expect(ok.body.error).toBeUndefined();
      expect(ok.body.ok).toBe(true);
      expect(ok.body.version).toMatch(/^PostgreSQL \d+/);
      const bad = await test(f.a.admin, { host: url.hostname, port: Number(url.port || 5432), database: "no_such_database_here", user: url.username, password: "x", sslmode: "disable" });
      expect(bad.body.ok).toBe(false);
      expect(bad.body.error).toMatch(/no_such_database_here/);
    } finally {
      setOutboundAllowList([]);
    }
  });
});
