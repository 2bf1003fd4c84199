// postgres_sql against a real PostgreSQL (the test run's server, connected as an organisation's
// integration): rows keyed by header, the row limit, and everything that must not get through —
// writes, a second statement, side-effecting functions, an endless query, an unconnected
// organisation and a loopback host the operator has not allowed.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getTestContext } from "../../server/test/context";
import { createTenancyFixture, type TenancyFixture } from "../../server/test/tenancy-fixture";
import { saveCredentials } from "../../server/providers/connection-store";
import { FORBIDDEN_ADDRESS_MESSAGE, setOutboundAllowList } from "../../server/net/outbound-guard";
import type { ToolContext } from "../executor.server";
import { postgresSql } from "./definition";
import { NOT_CONNECTED, POSTGRES_LIMITS } from "../../server/providers/postgres-read-only";
import { execute } from "./execute.server";

const url = process.env.TEST_DATABASE_URL;
const table = `sb_tool_${randomUUID().slice(0, 8)}`;
let f: TenancyFixture;
let admin: pg.Client;
const defaults = { ...POSTGRES_LIMITS };

const ctx = (orgId: string, signal = new AbortController().signal) => ({ orgId, abortSignal: signal }) as ToolContext;
const run = (query: string, opts: { row_limit?: number; orgId?: string; signal?: AbortSignal } = {}) =>
  execute(postgresSql.input.parse({ query, row_limit: opts.row_limit }), ctx(opts.orgId ?? f.a.id, opts.signal));
const count = async () => Number((await admin.query(`select count(*) from ${table}`)).rows[0].count);

describe.skipIf(!url)("postgres_sql on a connected PostgreSQL", () => {
  beforeAll(async () => {
    const ctxApp = await getTestContext();
    f = await createTenancyFixture(ctxApp.app);
    const target = new URL(url!);
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create table ${table} (id int primary key, name text, born date, raw bytea, amount numeric)`);
    await admin.query(
      `insert into ${table} select g, 'name ' || g, date '2020-01-01' + g, '\\xdead'::bytea, g * 1.5 from generate_series(1, 150) g`,
    );
    await admin.query(`create sequence ${table}_seq`);
    await saveCredentials({
      orgId: f.a.id,
      key: "postgres",
      data: {
        host: target.hostname,
        port: Number(target.port || 5432),
        database: target.pathname.slice(1),
        user: decodeURIComponent(target.username || "postgres"),
        password: target.password || "unused",
      },
    });
    setOutboundAllowList([target.hostname]);
  });
  afterEach(() => Object.assign(POSTGRES_LIMITS, defaults));
  afterAll(async () => {
    setOutboundAllowList([]);
    await admin?.query(`drop table if exists ${table}; drop sequence if exists ${table}_seq`).catch(() => {});
    await admin?.end();
  });

  it("[TOOL-23] returns headers and rows keyed by header, cut at the default row limit of 100 with a message", async () => {
    const result = (await run(`select id, name, born, raw, amount from ${table} order by id`)) as Record<string, any>;
    expect(result.status).toBe("success");
    expect(result.headers).toEqual(["id", "name", "born", "raw", "amount"]);
    expect(result.rows).toHaveLength(100);
    expect(result.rows[0]).toEqual({
      id: 1,
      name: "name 1",
      born: expect.stringMatching(/^2020-01-0[12]T/),
      raw: "\\xdead",
      amount: "1.5",
    });
    expect(result.message).toBe("Showing the first 100 rows: the query returned more than the row limit of 100.");
  });

  it("[TOOL-23] honours row_limit, with no message when everything fits; a trailing semicolon and a WITH are fine", async () => {
    const five = (await run(`select id from ${table} order by id;`, { row_limit: 5 })) as Record<string, any>;
    expect(five.rows.map((r: { id: number }) => r.id)).toEqual([1, 2, 3, 4, 5]);
    expect(five.message).toContain("row limit of 5");
    const all = (await run(`with t as (select id from ${table} where id <= 3) select * from t order by id`)) as Record<
      string,
      any
    >;
    expect(all.rows).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(all.message).toBeUndefined();
  });

  it("cannot write: DML, a data-modifying WITH, a second statement after COMMIT, or nextval()", async () => {
    for (const [query, reason] of [
      [`delete from ${table} returning *`, "syntax error"],
      [`with d as (delete from ${table} returning *) select * from d`, "must be at the top level"],
      [
        `select 1) x; commit; drop table ${table}; select (1`,
        "cannot insert multiple commands into a prepared statement",
      ],
      [`select nextval('${table}_seq')`, "read-only transaction"],
      [`select * from ${table} for update`, "read-only transaction"],
    ]) {
      expect(await run(query!), query).toEqual({ status: "error", error: expect.stringContaining(reason!) });
    }
    expect(await count()).toBe(150);
  });

  it("stops a query at the statement timeout", async () => {
    POSTGRES_LIMITS.statementTimeoutMs = 300;
    const started = Date.now();
    const result = (await run("select pg_sleep(10)")) as Record<string, any>;
    expect(result).toMatchObject({ status: "error", error: expect.stringContaining("statement timeout") });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("an organisation without the integration gets a clear error", async () => {
    expect(await run("select 1", { orgId: f.b.id })).toEqual({ status: "error", error: NOT_CONNECTED });
  });

  it("a loopback host is refused by the outbound guard unless the operator allows it", async () => {
    setOutboundAllowList([]);
    try {
      expect(await run("select 1")).toEqual({ status: "error", error: FORBIDDEN_ADDRESS_MESSAGE });
    } finally {
      setOutboundAllowList([new URL(url!).hostname]);
    }
  });
});

describe("postgres_sql and the outbound guard", () => {
  let fx: TenancyFixture;
  beforeAll(async () => {
    fx = await createTenancyFixture((await getTestContext()).app);
  });

  it("security #6: a host at an IPv6 form of 127.0.0.1 is refused, even with 127.0.0.1 allowed", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    try {
      for (const host of [
        "::ffff:0:127.0.0.1",
        "64:ff9b::7f00:1",
        "2002:7f00:1::",
        "2001:0:4136:e378:8000:63bf:80ff:fffe",
      ]) {
        await saveCredentials({
          orgId: fx.a.id,
          key: "postgres",
          data: { host, port: 5432, database: "d", user: "u", password: "p" },
        });
        const result = await execute(postgresSql.input.parse({ query: "select 1" }), ctx(fx.a.id));
        expect(result, host).toEqual({ status: "error", error: FORBIDDEN_ADDRESS_MESSAGE });
      }
    } finally {
      setOutboundAllowList(url ? [new URL(url).hostname] : []);
    }
  });
});
