// snowflake_sql through the real snowflake-sdk against a loopback stand-in of Snowflake's REST API:
// password and PAT logins with the integration's warehouse, database, schema and role; headers led by
// the column name; the row limit, across a large result's downloaded chunks too; statements refused before they are sent; Snowflake's errors; an
// unconnected organisation; the outbound guard; cancelling.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getTestContext } from "../../server/test/context";
import { createTenancyFixture, type TenancyFixture } from "../../server/test/tenancy-fixture";
import { saveCredentials } from "../../server/providers/connection-store";
import { FORBIDDEN_ADDRESS_MESSAGE, setOutboundAllowList } from "../../server/net/outbound-guard";
import { SNOWFLAKE_LIMITS, SNOWFLAKE_NOT_CONNECTED } from "../../server/providers/snowflake-session";
import { startFakeSnowflake, type FakeAnswer, type FakeSnowflake } from "../../../e2e/support/fake-snowflake";
import type { ToolContext } from "../executor.server";
import { snowflakeSql } from "./definition";
import { execute } from "./execute.server";

let f: TenancyFixture;
let sf: FakeSnowflake;
const defaults = { ...SNOWFLAKE_LIMITS };
const SALES: FakeAnswer = {
  columns: [
    { name: "REGION", type: "text" },
    { name: "REVENUE", type: "fixed", scale: 2, precision: 12 },
    { name: "ACTIVE", type: "boolean" },
  ],
  rows: [
    ["EMEA", "1250.50", "1"],
    ["APAC", null, "0"],
    ["AMER", "99.00", null],
  ],
};

const ctx = (orgId: string, signal = new AbortController().signal) =>
  ({ orgId, user: { id: "u", name: "u", email: "u@x" }, abortSignal: signal }) as ToolContext;
const run = (query: string, orgId = f.a.id, signal?: AbortSignal) =>
  execute(snowflakeSql.input.parse({ query }), ctx(orgId, signal)) as Promise<Record<string, any>>;
const statusLine = (result: Record<string, any>) =>
  snowflakeSql.statusLine!({ ok: result.status === "success", args: {}, result, displayName: "Snowflake SQL" });
const location = { warehouse: "ANALYTICS_WH", database: "SALES_DB", schema: "PUBLIC", role: "ANALYST" };

beforeAll(async () => {
  f = await createTenancyFixture((await getTestContext()).app);
  sf = await startFakeSnowflake();
  process.env.SNOWFLAKE_BASE_URL = sf.url;
  setOutboundAllowList(["127.0.0.1"]);
  sf.users.set("ANA", { password: "s3cret-pass" });
  sf.users.set("BOT", { token: "pat-token-value" });
  sf.onQuery = () => SALES;
  await saveCredentials({
    orgId: f.a.id,
    key: "snowflake",
    data: { auth_method: "password", account: "acme-prod", user: "ANA", password: "s3cret-pass", ...location },
  });
  await saveCredentials({
    orgId: f.b.id,
    key: "snowflake",
    data: {
      auth_method: "pat",
      account: "beta-xy12345",
      user: "BOT",
      token: "pat-token-value",
      ...location,
      role: "BOT_ROLE",
    },
  });
});
afterEach(() => {
  Object.assign(SNOWFLAKE_LIMITS, defaults);
  sf.onQuery = () => SALES;
});
afterAll(async () => {
  delete process.env.SNOWFLAKE_BASE_URL;
  setOutboundAllowList([]);
  await sf?.close();
});

describe("snowflake_sql", () => {
  it("[TOOL-22] returns headers led by the column name and rows as arrays, null as NULL; password login with the integration's location", async () => {
    const logins = sf.logins.length;
    const result = await run("select region, revenue, active from sales;");
    expect(result).toEqual({
      status: "success",
      headers: [
        ["REGION", "VARCHAR"],
        ["REVENUE", "NUMBER"],
        ["ACTIVE", "BOOLEAN"],
      ],
      rows: [
        ["EMEA", "1250.50", true],
        ["APAC", "NULL", false],
        ["AMER", "99.00", "NULL"],
      ],
    });
    const login = sf.logins[logins]!;
    expect(login.data).toMatchObject({
      ACCOUNT_NAME: "acme-prod",
      LOGIN_NAME: "ANA",
      PASSWORD: "s3cret-pass",
      AUTHENTICATOR: "SNOWFLAKE",
    });
    expect(
      Object.fromEntries(["warehouse", "databaseName", "schemaName", "roleName"].map((k) => [k, login.query.get(k)])),
    ).toEqual({
      warehouse: "ANALYTICS_WH",
      databaseName: "SALES_DB",
      schemaName: "PUBLIC",
      roleName: "ANALYST",
    });
    const query = sf.queries.at(-1)!;
    expect(query.sqlText).toBe("select region, revenue, active from sales");
    expect(query.parameters).toMatchObject({ MULTI_STATEMENT_COUNT: 1, STATEMENT_TIMEOUT_IN_SECONDS: 30 });
    expect(sf.openSessions.has(query.session!)).toBe(false); // logged out after the call
    expect(statusLine(result)).toBe("SQL query executed");
  });

  it("[TOOL-22] a PAT integration logs in with its programmatic access token and role (tenancy: each organisation its own)", async () => {
    const logins = sf.logins.length;
    expect((await run("select 1", f.b.id)).status).toBe("success");
    expect(sf.logins[logins]!.data).toMatchObject({
      ACCOUNT_NAME: "beta-xy12345",
      LOGIN_NAME: "BOT",
      TOKEN: "pat-token-value",
      AUTHENTICATOR: "PROGRAMMATIC_ACCESS_TOKEN",
    });
    expect(sf.logins[logins]!.data.PASSWORD).toBeUndefined();
    expect(sf.logins[logins]!.query.get("roleName")).toBe("BOT_ROLE");
  });

  it("[TOOLCARD-32] writes, session changes and a second statement are refused before anything is sent", async () => {
    const before = { logins: sf.logins.length, queries: sf.queries.length };
    for (const [query, reason] of [
      ["delete from sales", "DELETE is not allowed"],
      ["DROP TABLE sales", "DROP is not allowed"],
      ["select 1; drop table sales", "Only one SQL statement can be run at a time."],
      ["with x as (select 1) insert into sales select * from x", "INSERT is not allowed"],
      ["call cleanup()", "CALL is not allowed"],
      ["use role accountadmin", "USE is not allowed"],
      ["select * from sales /* ; */ ; grant role x to user y", "Only one SQL statement"],
      ["create or replace table t as select 1", "CREATE is not allowed"],
    ]) {
      const result = await run(query!);
      expect(result, query).toEqual({ status: "error", error: expect.stringContaining(reason!) });
      expect(statusLine(result)).toBe("SQL query execution failed");
    }
    expect(sf.logins).toHaveLength(before.logins);
    expect(sf.queries).toHaveLength(before.queries);
    // Words inside strings, comments and function calls are not statements.
    for (const query of [
      "select 'delete; drop' as note -- update later",
      "select replace(region, 'E', 'e'), get(parse_json('[1]'), 0) from sales",
      "SHOW TABLES",
      "describe table sales",
    ])
      expect((await run(query)).status, query).toBe("success");
  });

  it("returns at most the row limit with a message saying how many there were", async () => {
    SNOWFLAKE_LIMITS.maxRows = 2;
    const result = await run("select * from sales");
    expect(result.rows).toHaveLength(2);
    expect(result.message).toBe("Showing the first 2 of 3 rows: add a LIMIT or narrow the query.");
  });

  describe("a large result Snowflake sends in chunks", () => {
    // 100 rows inline, then 4 chunks of 400 the driver downloads: 1700 rows, numbered in order.
    const numbered = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => [String(from + i), from + i === 1234 ? null : `row ${from + i}`]);
    const LARGE: FakeAnswer = {
      columns: [
        { name: "N", type: "fixed" },
        { name: "LABEL", type: "text" },
      ],
      rows: numbered(0, 100),
      chunks: [0, 1, 2, 3].map((c) => numbered(100 + c * 400, 400)),
    };
    const downloadsOf = (queryCount: number) => sf.chunkDownloads.filter((d) => d.queryId === sf.resultIds[queryCount]);

    it("the official driver downloads the chunks it needs with the query's key; the row limit holds across them", async () => {
      sf.onQuery = () => LARGE;
      const before = sf.resultIds.length;
      const result = await run("select n, label from big");
      expect(result.status).toBe("success");
      expect(result.rows).toHaveLength(SNOWFLAKE_LIMITS.maxRows);
      // Inline rows, then chunks 0, 1 and part of 2, in order, none skipped or repeated.
      expect(result.rows.map((r: unknown[]) => r[0])).toEqual(
        Array.from({ length: SNOWFLAKE_LIMITS.maxRows }, (_, i) => String(i)),
      );
      expect(result.rows[999]).toEqual(["999", "row 999"]);
      expect(result.message).toBe("Showing the first 1000 of 1700 rows: add a LIMIT or narrow the query.");
      const downloads = downloadsOf(before);
      expect(downloads.every((d) => d.keyed)).toBe(true);
      // Rows 1000 on sit in chunk 3 (1300–1699) and 2's tail: the last chunk is never fetched.
      expect(downloads.map((d) => d.index).sort()).toEqual([0, 1, 2]);
    });

    it("a result that fits the limit reads every chunk, NULL included", async () => {
      sf.onQuery = () => LARGE;
      SNOWFLAKE_LIMITS.maxRows = 5000;
      const before = sf.resultIds.length;
      const result = await run("select n, label from big");
      expect(result.rows).toHaveLength(1700);
      expect(result.rows[1234]).toEqual(["1234", "NULL"]);
      expect(result.rows[1699]).toEqual(["1699", "row 1699"]);
      expect(result.message).toBeUndefined();
      expect(
        downloadsOf(before)
          .map((d) => d.index)
          .sort(),
      ).toEqual([0, 1, 2, 3]);
    });

    it("a chunk the storage refuses (wrong key) fails the call within the client's limit, with no partial rows", async () => {
      sf.onQuery = () => LARGE;
      sf.wrongChunkKey = true;
      SNOWFLAKE_LIMITS.statementTimeoutSeconds = 1; // the client gives up 10 s after Snowflake's limit
      try {
        const before = sf.resultIds.length;
        const result = await run("select n, label from big");
        expect(result).toEqual({ status: "error", error: "The query did not finish within 1 s." });
        const downloads = downloadsOf(before);
        expect(downloads.length).toBeGreaterThan(0);
        expect(downloads.some((d) => d.keyed)).toBe(false);
      } finally {
        sf.wrongChunkKey = false;
      }
    }, 30_000);
  });

  it("[TOOLCARD-32] Snowflake's own errors reach the model: a compilation error, wrong credentials (390100)", async () => {
    sf.onQuery = () => ({
      error: {
        code: "002003",
        message: "SQL compilation error:\nObject 'NOPE' does not exist or not authorized.",
        sqlState: "42S02",
      },
    });
    const missing = await run("select * from nope");
    expect(missing).toEqual({
      status: "error",
      error: "SQL compilation error:\nObject 'NOPE' does not exist or not authorized.",
    });
    expect(statusLine(missing)).toBe("SQL query execution failed");

    sf.users.set("ANA", { password: "rotated" });
    try {
      expect(await run("select 1")).toEqual({
        status: "error",
        error: "Incorrect username or password was specified.",
      });
    } finally {
      sf.users.set("ANA", { password: "s3cret-pass" });
    }
  });

  it("[TOOL-04] an organisation without the Snowflake integration gets an error naming it", async () => {
    const fx = await createTenancyFixture((await getTestContext()).app);
    expect(await run("select 1", fx.a.id)).toEqual({ status: "error", error: SNOWFLAKE_NOT_CONNECTED });
  });

  it("a loopback Snowflake host is refused by the outbound guard unless the operator allows it", async () => {
    setOutboundAllowList([]);
    try {
      expect(await run("select 1")).toEqual({ status: "error", error: FORBIDDEN_ADDRESS_MESSAGE });
    } finally {
      setOutboundAllowList(["127.0.0.1"]);
    }
  });

  it("a reply stopped before the statement was sent sends nothing", async () => {
    const abort = new AbortController();
    abort.abort();
    const before = sf.queries.length;
    expect(await run("select * from sales", f.a.id, abort.signal)).toEqual({
      status: "error",
      error: "The query was cancelled.",
    });
    expect(sf.queries.slice(before).map((q) => q.sqlText)).not.toContain("select * from sales");
  });

  it("cancelling the reply cancels the running statement", async () => {
    let release: () => void = () => {};
    sf.onQuery = () => new Promise<FakeAnswer>((resolve) => (release = () => resolve(SALES)));
    const abort = new AbortController();
    const before = sf.queries.length; // other tests ran this statement too: wait for this one's
    const pending = run("select * from sales", f.a.id, abort.signal);
    await expect.poll(() => sf.queries.slice(before).at(-1)?.sqlText, { timeout: 10_000 }).toBe("select * from sales");
    abort.abort();
    expect(await pending).toEqual({ status: "error", error: "The query was cancelled." });
    release();
    await expect.poll(() => sf.cancelled.length).toBeGreaterThan(0);
  });
});
