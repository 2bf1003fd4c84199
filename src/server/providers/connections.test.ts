// Providers and integrations: connect, edit, disconnect; the spec's validation messages; secrets
// never leave the server; members are refused.
import { createServer, type AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { SNOWFLAKE_AUTH_ERROR } from "../../shared/connections/integrations";
import { isSecretField } from "../../shared/connections/types";
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

const SERVICE_ACCOUNT_KEY = JSON.stringify({
  type: "service_account",
  project_id: "p",
  client_email: "sa@p.iam.gserviceaccount.com",
  private_key: "-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----\n",
});

const update = (who: Identity, body: unknown, orgId = f.a.id) =>
  call(ctx.app, "POST", `/api/updateConnections?orgId=${orgId}`, { token: who.token, body });
const user = (who: Identity = f.a.admin) => call(ctx.app, "GET", `/api/getUser?orgId=${f.a.id}`, { token: who.token });
const connections = async () => (await user()).body.organizations[0].connections;

describe("providers", () => {
  it("[PROV-04][PROV-06][API-24] connecting OpenAI puts openai in the connections map, never the key", async () => {
    const res = await update(f.a.admin, {
      action: "create",
      key: "openai",
      data: { OPENAI_API_KEY: "sk-secret-value-123" },
    });
    expect(res.status).toBe(200);
    expect(res.body.connections.openai).toBe(true);
    expect(res.text).not.toContain("sk-secret-value-123");
    expect((await connections()).openai).toBe(true);
    const described = await call(ctx.app, "GET", `/api/getConnection?orgId=${f.a.id}&key=openai`, {
      token: f.a.admin.token,
    });
    expect(described.body).toEqual({ key: "openai", isConnected: true, values: {}, secretsSet: ["OPENAI_API_KEY"] });
    for (const who of [f.a.admin, f.a.member]) expect((await user(who)).text).not.toContain("sk-secret-value-123");
  });

  it("[PROV-02] a connection reports isConnected: false until it is connected", async () => {
    const g = (await createTenancyFixture(ctx.app)).a; // other tests connect xAI in the shared organisation
    const describe = () => call(ctx.app, "GET", `/api/getConnection?orgId=${g.id}&key=xai`, { token: g.admin.token });
    expect((await describe()).body).toMatchObject({ key: "xai", isConnected: false });
    expect(
      (await update(g.admin, { action: "create", key: "xai", data: { XAI_API_KEY: "xai-test" } }, g.id)).status,
    ).toBe(200);
    expect((await describe()).body).toMatchObject({ key: "xai", isConnected: true, secretsSet: ["XAI_API_KEY"] });
  });

  it("[PROV-13][PROV-14] empty or blank credentials get the spec's messages", async () => {
    const cases: Array<[string, Record<string, string>, string]> = [
      ["openai", { OPENAI_API_KEY: "   " }, "API key is required"],
      ["azure_openai", { API_KEY: "k" }, "Resource name is required"],
      ["anthropic", {}, "API key is required"],
      ["google", { GOOGLE_API_KEY: "" }, "API key is required"],
      [
        "google_vertex",
        { GOOGLE_CLOUD_LOCATION: "us-central1", GOOGLE_CLOUD_JSON_KEY: SERVICE_ACCOUNT_KEY },
        "Project ID is required",
      ],
      [
        "google_vertex",
        { GOOGLE_CLOUD_PROJECT_ID: "p", GOOGLE_CLOUD_JSON_KEY: SERVICE_ACCOUNT_KEY },
        "Location is required",
      ],
      ["google_vertex", { GOOGLE_CLOUD_PROJECT_ID: "p", GOOGLE_CLOUD_LOCATION: "us-central1" }, "JSON key is required"],
      ["aws_bedrock", { AWS_ACCESS_KEY_ID: "a", AWS_SECRET_ACCESS_KEY: "s" }, "Region is required"],
      ["aws_bedrock", { AWS_REGION: "us-east-1", AWS_SECRET_ACCESS_KEY: "s" }, "Access Key ID is required"],
      ["aws_bedrock", { AWS_REGION: "us-east-1", AWS_ACCESS_KEY_ID: "a" }, "Secret Access Key is required"],
      ["xai", {}, "API key is required"],
    ];
    for (const [key, data, message] of cases) {
      const res = await update(f.a.admin, { action: "create", key, data });
      expect(res.status, key).toBe(400);
      expect(res.body.error, key).toBe(message);
    }
  });

  it("[PROV-07][PROV-11] optional fields may be left out", async () => {
    expect(
      (await update(f.a.admin, { action: "create", key: "azure_openai", data: { RESOURCE_NAME: "res", API_KEY: "k" } }))
        .status,
    ).toBe(200);
    expect(
      (
        await update(f.a.admin, {
          action: "create",
          key: "aws_bedrock",
          data: { AWS_REGION: "us-east-1", AWS_ACCESS_KEY_ID: "AKIA", AWS_SECRET_ACCESS_KEY: "s" },
        })
      ).status,
    ).toBe(200);
  });

  it("[PROV-05] edit keeps a masked secret left empty, and replaces it when given", async () => {
    await update(f.a.admin, {
      action: "create",
      key: "azure_openai",
      data: { RESOURCE_NAME: "first", API_KEY: "original-key" },
    });
    const edited = await update(f.a.admin, {
      action: "update",
      key: "azure_openai",
      data: { RESOURCE_NAME: "first", DEPLOYMENT_NAME: "gpt-4o", API_KEY: "" },
    });
    expect(edited.status).toBe(200);
    const described = await call(ctx.app, "GET", `/api/getConnection?orgId=${f.a.id}&key=azure_openai`, {
      token: f.a.admin.token,
    });
    expect(described.body.values).toEqual({ RESOURCE_NAME: "first", DEPLOYMENT_NAME: "gpt-4o" });
    expect(described.body.secretsSet).toEqual(["API_KEY"]);
    const { getCredentials } = await import("./connection-store");
    expect(await getCredentials({ orgId: f.a.id, key: "azure_openai" })).toEqual({
      RESOURCE_NAME: "first",
      DEPLOYMENT_NAME: "gpt-4o",
      API_KEY: "original-key",
    });
    await update(f.a.admin, { action: "update", key: "azure_openai", data: { API_KEY: "rotated-key" } });
    expect((await getCredentials({ orgId: f.a.id, key: "azure_openai" }))!.API_KEY).toBe("rotated-key");
  });

  it("credentials are encrypted at rest", async () => {
    await update(f.a.admin, { action: "create", key: "xai", data: { XAI_API_KEY: "xai-plain-secret" } });
    const { connection } = await import("../db/tables");
    const { db } = await import("../db/client");
    const rows = await db().select().from(connection);
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
    expect((await update(f.b.admin, { anthropic: { ANTHROPIC_API_KEY: "" } }, f.b.id)).body.error).toBe(
      "API key is required",
    );
    expect((await update(f.b.admin, { nonsense: { X: "y" } }, f.b.id)).body.error).toBe("Invalid integration schema");
  });

  it("[ROLE-06][ROLE-15] members get 403 with the spec's text and nothing changes", async () => {
    // Connected here, not by an earlier test: the suite runs shuffled.
    if (!(await connections()).openai)
      await update(f.a.admin, { action: "create", key: "openai", data: { OPENAI_API_KEY: "sk-role-test" } });
    expect((await connections()).openai).toBe(true);
    const res = await update(f.a.member, { action: "create", key: "xai", data: { XAI_API_KEY: "member-key" } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("Only organization admins can manage connections");
    const del = await update(f.a.member, { action: "delete", key: "openai" });
    expect(del.status).toBe(403);
    expect((await connections()).openai).toBe(true);
  });

  it("[INTEG-16] unknown keys are an invalid integration schema; bad bodies are 400s", async () => {
    expect((await update(f.a.admin, { action: "create", key: "nope", data: {} })).body.error).toBe(
      "Invalid integration schema",
    );
    expect((await update(f.a.admin, { action: "explode", key: "openai" })).status).toBe(400);
    const notJson = await call(ctx.app, "POST", `/api/updateConnections?orgId=${f.a.id}`, {
      token: f.a.admin.token,
      body: "{oops",
    });
    expect(notJson.status).toBe(400);
  });
});

describe("integrations", () => {
  const snowflake = {
    auth_method: "password",
    account: "acc",
    user: "u",
    password: "pw",
    warehouse: "w",
    database: "d",
    schema: "s",
    role: "r",
  };

  it("[INTEG-05][INTEG-07][INTEG-08] Snowflake's required fields and auth method", async () => {
    expect(
      (await update(f.a.admin, { action: "create", key: "snowflake", data: { ...snowflake, auth_method: "" } })).body
        .error,
    ).toBe("Please select an authentication method");
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
    const noToken = await update(f.a.admin, {
      action: "create",
      key: "snowflake",
      data: { ...snowflake, auth_method: "pat", password: "" },
    });
    expect(noToken.body.details.fields).toEqual({ password: combined });
    expect(
      (
        await update(f.a.admin, {
          action: "create",
          key: "snowflake",
          data: { ...snowflake, auth_method: "pat", password: "", token: "t" },
        })
      ).status,
    ).toBe(200);
  });

  it("[INTEG-10][INTEG-11][INTEG-12][INTEG-13] Postgres: required fields, port default 5432 and positive integer, sslmode enum", async () => {
    const pgData = { host: "db.example.com", database: "d", user: "u", password: "p" };
    for (const [field, message] of Object.entries({
      host: "Host is required",
      database: "Database name is required",
      user: "Username is required",
      password: "Password is required",
    })) {
      expect(
        (await update(f.a.admin, { action: "create", key: "postgres", data: { ...pgData, [field]: "" } })).body.error,
      ).toBe(message);
    }
    for (const port of [0, -5, 1.5, "abc"]) {
      expect(
        (await update(f.a.admin, { action: "create", key: "postgres", data: { ...pgData, port } })).body.error,
      ).toBe("Port must be a positive integer");
    }
    expect(
      (await update(f.a.admin, { action: "create", key: "postgres", data: { ...pgData, sslmode: "sometimes" } }))
        .status,
    ).toBe(400);
    expect(
      (await update(f.a.admin, { action: "create", key: "postgres", data: { ...pgData, sslmode: "verify-full" } }))
        .status,
    ).toBe(200);
    const described = await call(ctx.app, "GET", `/api/getConnection?orgId=${f.a.id}&key=postgres`, {
      token: f.a.member.token,
    });
    expect(described.body.values).toEqual({
      host: "db.example.com",
      port: 5432,
      database: "d",
      user: "u",
      sslmode: "verify-full",
    });
    expect(described.text).not.toContain('"p"');
  });

  it("[INTEG-14] Pinecone needs an API key and a host; BigQuery is coming soon; Google Sheets is OAuth", async () => {
    expect((await update(f.a.admin, { action: "create", key: "pinecone", data: { host: "h" } })).body.error).toBe(
      "API key is required",
    );
    expect((await update(f.a.admin, { action: "create", key: "pinecone", data: { api_key: "k" } })).body.error).toBe(
      "Host is required",
    );
    expect((await update(f.a.admin, { action: "create", key: "bigquery", data: {} })).body.error).toBe(
      "BigQuery is coming soon",
    );
    expect((await update(f.a.admin, { action: "create", key: "google-sheets", data: {} })).status).toBe(400);
  });
});

describe("bad input", () => {
  it("issue 11: a NUL character in a provider or integration body answers 400 (not stored, never a 500)", async () => {
    const g = (await createTenancyFixture(ctx.app)).a;
    const post = (path: string, body: unknown) =>
      call(ctx.app, "POST", `${path}?orgId=${g.id}`, { token: g.admin.token, body });
    const bodies: Array<[string, unknown]> = [
      ["/api/updateConnections", { action: "create", key: "openai", data: { OPENAI_API_KEY: "sk-nul\u0000key" } }],
      ["/api/updateConnections", { action: "create", key: "pinecone", data: { api_key: "k", host: "h\u0000" } }],
      ["/api/updateConnections", { openai: { OPENAI_API_KEY: "sk-\u0000" } }],
      ["/api/updateConnections", { action: "delete", key: "open\u0000ai" }],
      [
        "/api/integrations/postgres/test",
        { data: { host: "db.example.com\u0000", database: "d", user: "u", password: "p" } },
      ],
    ];
    for (const [path, body] of bodies) {
      const res = await post(path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual({
        error: "Text must not contain NUL characters",
        code: "bad_request",
      });
    }
    const described = await call(ctx.app, "GET", `/api/getConnection?orgId=${g.id}&key=openai`, {
      token: g.admin.token,
    });
    expect(described.body).toMatchObject({ isConnected: false });
  });
});

describe("Postgres test connection", () => {
  const test = (who: Identity, data: Record<string, unknown>) =>
    call(ctx.app, "POST", `/api/integrations/postgres/test?orgId=${f.a.id}`, { token: who.token, body: { data } });

  it("refuses loopback and private hosts unless the operator allow-lists them", async () => {
    for (const host of ["127.0.0.1", "localhost", "10.0.0.5", "0x7f000001", "[::1]", "169.254.169.254"]) {
      const res = await test(f.a.admin, { host, database: "d", user: "u", password: "p" });
      expect(res.body, host).toEqual({
        ok: false,
        error: "Connections to private, loopback or link-local addresses are not allowed",
      });
    }
  });

  it("security #6: refuses the IPv6 forms that embed 127.0.0.1, even with 127.0.0.1 allow-listed", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    try {
      for (const host of [
        "::ffff:0:127.0.0.1",
        "[::ffff:0:7f00:1]",
        "64:ff9b::7f00:1",
        "2002:7f00:1::",
        "2001:0:4136:e378:8000:63bf:80ff:fffe",
        "::127.0.0.1",
      ]) {
        const res = await test(f.a.admin, { host, database: "d", user: "u", password: "p" });
        expect(res.body, host).toEqual({
          ok: false,
          error: "Connections to private, loopback or link-local addresses are not allowed",
        });
      }
    } finally {
      setOutboundAllowList([]);
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
      const ok = await test(f.a.admin, {
        host: url.hostname,
        port: Number(url.port || 5432),
        database: url.pathname.slice(1),
        user: url.username,
        password: url.password || "unused",
        sslmode: "disable",
      });
      expect(ok.body.error).toBeUndefined();
      expect(ok.body.ok).toBe(true);
      expect(ok.body.version).toMatch(/^PostgreSQL \d+/);
      const bad = await test(f.a.admin, {
        host: url.hostname,
        port: Number(url.port || 5432),
        database: "no_such_database_here",
        user: url.username,
        password: "x",
        sslmode: "disable",
      });
      expect(bad.body.ok).toBe(false);
      expect(bad.body.error).toMatch(/no_such_database_here/);
    } finally {
      setOutboundAllowList([]);
    }
  });
});

/** A loopback stand-in for a PostgreSQL server that asks for a cleartext password and records it. */
async function startPasswordCatcher() {
  const passwords: string[] = [];
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    let startup = true;
    socket.on("error", () => {});
    socket.on("data", (buf) => {
      if (startup) {
        startup = false;
        socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3])); // AuthenticationCleartextPassword
        return;
      }
      if (buf[0] !== 0x70) return; // PasswordMessage: 'p', length, password, NUL
      passwords.push(buf.subarray(5, buf.length - 1).toString());
      const fields = Buffer.from("SFATAL\0C28P01\0Mpassword authentication failed\0\0");
      const head = Buffer.alloc(5);
      head[0] = 0x45;
      head.writeInt32BE(fields.length + 4, 1);
      socket.end(Buffer.concat([head, fields]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    passwords,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("security #4: a stored secret is never sent to a new destination", () => {
  const test = (data: Record<string, unknown>) =>
    call(ctx.app, "POST", `/api/integrations/postgres/test?orgId=${f.b.id}`, {
      token: f.b.admin.token,
      body: { data },
    });
  const stored = async (key: string) => (await import("./connection-store")).getCredentials({ orgId: f.b.id, key });

  it("security #4: Test connection with a new host or port and no password does not send the stored password there", async () => {
    const home = await startPasswordCatcher();
    const attacker = await startPasswordCatcher();
    setOutboundAllowList(["127.0.0.1", "localhost"]);
    try {
      const saved = {
        host: "127.0.0.1",
        port: home.port,
        database: "d",
        user: "u",
        password: "stored-pg-secret",
        sslmode: "disable",
      };
      expect((await update(f.b.admin, { action: "create", key: "postgres", data: saved }, f.b.id)).status).toBe(200);
      // Same destination: the stored password is used, as the form promises.
      expect((await test({ host: "127.0.0.1", port: home.port, database: "other_db", user: "u" })).body.ok).toBe(false);
      expect(home.passwords).toEqual(["stored-pg-secret"]);
      // A new port, host, login or SSL mode: the password must be given again, and nothing connects.
      for (const change of [
        { port: attacker.port },
        { host: "localhost" },
        { user: "someone_else" },
        { sslmode: "prefer" },
      ]) {
        const res = await test({
          host: "127.0.0.1",
          port: home.port,
          database: "d",
          user: "u",
          sslmode: "disable",
          ...change,
        });
        expect(res.status, JSON.stringify(change)).toBe(400);
        expect(res.body.error).toBe("Password is required");
        expect(res.body.details.fields).toEqual({ password: "Password is required" });
      }
      expect(attacker.connections()).toBe(0);
      expect(home.passwords).toEqual(["stored-pg-secret"]);
      // Given again, it goes where the admin sent it.
      await test({
        host: "127.0.0.1",
        port: attacker.port,
        database: "d",
        user: "u",
        password: "typed-again",
        sslmode: "disable",
      });
      expect(attacker.passwords).toEqual(["typed-again"]);
    } finally {
      setOutboundAllowList([]);
      await home.close();
      await attacker.close();
    }
  });

  // [key, stored credentials, change to a destination field, the required message, a change that keeps the secrets]
  const cases: Array<[string, Record<string, unknown>, Record<string, unknown>, string, Record<string, unknown>]> = [
    [
      "postgres",
      { host: "db.example.com", port: 5432, database: "d", user: "u", password: "pg-secret" },
      { host: "evil.example.net" },
      "Password is required",
      { database: "other" },
    ],
    [
      "postgres",
      { host: "db.example.com", port: 5432, database: "d", user: "u", password: "pg-secret" },
      { port: 6543 },
      "Password is required",
      { port: "5432" },
    ],
    [
      "postgres",
      { host: "db.example.com", port: 5432, database: "d", user: "u", password: "pg-secret" },
      { user: "postgres" },
      "Password is required",
      { host: " db.example.com " },
    ],
    [
      "snowflake",
      {
        auth_method: "password",
        account: "acme-prod",
        user: "u",
        password: "sf-secret",
        warehouse: "w",
        database: "d",
        schema: "s",
        role: "r",
      },
      { account: "attacker-acct" },
      SNOWFLAKE_AUTH_ERROR,
      { warehouse: "w2" },
    ],
    [
      "snowflake",
      {
        auth_method: "pat",
        account: "acme-prod",
        user: "u",
        token: "sf-token",
        warehouse: "w",
        database: "d",
        schema: "s",
        role: "r",
      },
      { user: "other" },
      SNOWFLAKE_AUTH_ERROR,
      { role: "r2" },
    ],
    [
      "pinecone",
      { api_key: "pc-secret", host: "https://idx-abc.svc.pinecone.io" },
      { host: "https://evil.example.net" },
      "API key is required",
      { host: "https://idx-abc.svc.pinecone.io" },
    ],
    [
      "azure_openai",
      { RESOURCE_NAME: "acme", API_KEY: "az-secret" },
      { RESOURCE_NAME: "attacker" },
      "API key is required",
      { DEPLOYMENT_NAME: "gpt-4o" },
    ],
    [
      "aws_bedrock",
      { AWS_REGION: "us-east-1", AWS_ACCESS_KEY_ID: "AKIA1", AWS_SECRET_ACCESS_KEY: "aws-secret" },
      { AWS_REGION: "eu-west-1" },
      "Access Key ID is required",
      { AWS_REGION: "us-east-1" },
    ],
    [
      "google_vertex",
      {
        GOOGLE_CLOUD_PROJECT_ID: "p",
        GOOGLE_CLOUD_LOCATION: "us-central1",
        GOOGLE_CLOUD_JSON_KEY: SERVICE_ACCOUNT_KEY,
      },
      { GOOGLE_CLOUD_LOCATION: "europe-west4" },
      "JSON key is required",
      { GOOGLE_CLOUD_PROJECT_ID: "p2" },
    ],
  ];

  it.each(cases)(
    "security #4: %s — changing a destination field with the secrets left empty asks for them again",
    async (key, saved, change, message, keeping) => {
      expect((await update(f.b.admin, { action: "create", key, data: saved }, f.b.id)).status).toBe(200);
      const refused = await update(f.b.admin, { action: "update", key, data: change }, f.b.id);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe(message);
      expect(await stored(key)).toMatchObject(saved); // nothing changed
      // A change that leaves the destination alone keeps the stored secrets.
      expect((await update(f.b.admin, { action: "update", key, data: keeping }, f.b.id)).status).toBe(200);
      const secrets = Object.fromEntries(Object.entries(saved).filter(([field]) => isSecretField(field)));
      expect(await stored(key)).toMatchObject(secrets);
    },
  );

  it("security #4: OpenAI-compatible — a new base URL drops the optional stored API key instead of sending it there", async () => {
    const data = { BASE_URL: "https://llm.example.com/v1", API_KEY: "compat-secret", MODELS: "llama3.1" };
    expect((await update(f.b.admin, { action: "create", key: "openai_compatible", data }, f.b.id)).status).toBe(200);
    expect(
      (
        await update(
          f.b.admin,
          { action: "update", key: "openai_compatible", data: { MODELS: "llama3.1, qwen2.5" } },
          f.b.id,
        )
      ).status,
    ).toBe(200);
    expect((await stored("openai_compatible"))!.API_KEY).toBe("compat-secret");
    expect(
      (
        await update(
          f.b.admin,
          {
            action: "update",
            key: "openai_compatible",
            data: { BASE_URL: "https://evil.example.net/v1", API_KEY: "" },
          },
          f.b.id,
        )
      ).status,
    ).toBe(200);
    expect(await stored("openai_compatible")).toEqual({
      BASE_URL: "https://evil.example.net/v1",
      MODELS: "llama3.1, qwen2.5",
    });
    const described = await call(ctx.app, "GET", `/api/getConnection?orgId=${f.b.id}&key=openai_compatible`, {
      token: f.b.admin.token,
    });
    expect(described.body.secretsSet).toEqual([]);
  });
});

describe("security #7: provider fields that become host names are validated", () => {
  const bad: Array<[string, Record<string, unknown>, string, string]> = [
    [
      "aws_bedrock",
      { AWS_REGION: "x.127.0.0.1.nip.io:3532/#", AWS_ACCESS_KEY_ID: "a", AWS_SECRET_ACCESS_KEY: "s" },
      "AWS_REGION",
      "Region must be an AWS region code such as us-east-1",
    ],
    [
      "aws_bedrock",
      { AWS_REGION: "us-east-1.evil.com", AWS_ACCESS_KEY_ID: "a", AWS_SECRET_ACCESS_KEY: "s" },
      "AWS_REGION",
      "Region must be an AWS region code such as us-east-1",
    ],
    [
      "azure_openai",
      { RESOURCE_NAME: "evil.com/#", API_KEY: "k" },
      "RESOURCE_NAME",
      "Resource name may contain only letters, digits and hyphens",
    ],
    [
      "azure_openai",
      { RESOURCE_NAME: "127.0.0.1.nip.io:80/x?", API_KEY: "k" },
      "RESOURCE_NAME",
      "Resource name may contain only letters, digits and hyphens",
    ],
    [
      "google_vertex",
      {
        GOOGLE_CLOUD_PROJECT_ID: "p",
        GOOGLE_CLOUD_LOCATION: "127.0.0.1.nip.io:1/#",
        GOOGLE_CLOUD_JSON_KEY: SERVICE_ACCOUNT_KEY,
      },
      "GOOGLE_CLOUD_LOCATION",
      "Location must be a Google Cloud location such as us-central1",
    ],
    [
      "google_vertex",
      {
        GOOGLE_CLOUD_PROJECT_ID: "p",
        GOOGLE_CLOUD_LOCATION: "us-central1",
        GOOGLE_CLOUD_JSON_KEY: JSON.stringify({
          type: "external_account",
          token_url: "http://169.254.169.254/",
          credential_source: { file: "/etc/passwd" },
        }),
      },
      "GOOGLE_CLOUD_JSON_KEY",
      'JSON key must be a service account key (type "service_account")',
    ],
    [
      "snowflake",
      {
        auth_method: "password",
        account: "x.127.0.0.1.nip.io:1/#",
        user: "u",
        password: "p",
        warehouse: "w",
        database: "d",
        schema: "s",
        role: "r",
      },
      "account",
      "Account identifier may contain only letters, digits, '-', '_' and '.'",
    ],
    [
      "openai_compatible",
      { BASE_URL: "file:///etc/passwd", MODELS: "m" },
      "BASE_URL",
      "Base URL must start with http:// or https://",
    ],
  ];

  it.each(bad)("security #7: %s refuses %j", async (key, data, field, message) => {
    const res = await update(f.a.admin, { action: "create", key, data });
    expect(res.status).toBe(400);
    expect(res.body.details.fields[field]).toBe(message);
  });

  it("security #7: real values pass", async () => {
    for (const [key, data] of [
      ["aws_bedrock", { AWS_REGION: "ap-southeast-2", AWS_ACCESS_KEY_ID: "a", AWS_SECRET_ACCESS_KEY: "s" }],
      ["aws_bedrock", { AWS_REGION: "us-gov-west-1", AWS_ACCESS_KEY_ID: "a", AWS_SECRET_ACCESS_KEY: "s" }],
      ["azure_openai", { RESOURCE_NAME: "Acme-OpenAI-01", API_KEY: "k" }],
      [
        "google_vertex",
        { GOOGLE_CLOUD_PROJECT_ID: "p", GOOGLE_CLOUD_LOCATION: "global", GOOGLE_CLOUD_JSON_KEY: SERVICE_ACCOUNT_KEY },
      ],
      [
        "google_vertex",
        {
          GOOGLE_CLOUD_PROJECT_ID: "p",
          GOOGLE_CLOUD_LOCATION: "northamerica-northeast1",
          GOOGLE_CLOUD_JSON_KEY: SERVICE_ACCOUNT_KEY,
        },
      ],
      [
        "snowflake",
        {
          auth_method: "password",
          account: "xy12345.us-east-2.aws",
          user: "u",
          password: "p",
          warehouse: "w",
          database: "d",
          schema: "s",
          role: "r",
        },
      ],
    ] as const) {
      const res = await update(f.a.admin, { action: "create", key, data });
      expect(res.status, `${key} ${res.text}`).toBe(200);
    }
  });
});
