// search_snowflake through snowflake-sdk against the loopback Snowflake stand-in answering the
// INFORMATION_SCHEMA query: the best tables for the query as a JSON text list of { table_info }.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTestContext } from "../../server/test/context";
import { createTenancyFixture, type TenancyFixture } from "../../server/test/tenancy-fixture";
import { saveCredentials } from "../../server/providers/connection-store";
import { setOutboundAllowList } from "../../server/net/outbound-guard";
import { SNOWFLAKE_NOT_CONNECTED } from "../../server/providers/snowflake-session";
import { startFakeSnowflake, type FakeSnowflake } from "../../../e2e/support/fake-snowflake";
import type { ToolContext } from "../executor.server";
import { searchSnowflake } from "./definition";
import { CATALOGUE_SQL, execute } from "./execute.server";

let f: TenancyFixture;
let sf: FakeSnowflake;
const text = (name: string) => ({ name, type: "text" });
const CATALOGUE = {
  columns: [
    text("TABLE_SCHEMA"),
    text("TABLE_NAME"),
    text("TABLE_TYPE"),
    { name: "ROW_COUNT", type: "fixed" },
    text("TABLE_COMMENT"),
    text("COLUMN_NAME"),
    text("DATA_TYPE"),
    text("COLUMN_COMMENT"),
  ],
  rows: [
    ["PUBLIC", "MONTHLY_REVENUE", "BASE TABLE", "1200", "Revenue per month and region", "MONTH", "DATE", null],
    [
      "PUBLIC",
      "MONTHLY_REVENUE",
      "BASE TABLE",
      "1200",
      "Revenue per month and region",
      "REGION",
      "TEXT",
      "Sales region",
    ],
    ["PUBLIC", "MONTHLY_REVENUE", "BASE TABLE", "1200", "Revenue per month and region", "AMOUNT", "NUMBER", "USD"],
    ["PUBLIC", "CUSTOMERS", "BASE TABLE", "50", null, "ID", "NUMBER", null],
    ["PUBLIC", "CUSTOMERS", "BASE TABLE", "50", null, "REGION", "TEXT", null],
    ["HR", "EMPLOYEES", "VIEW", null, "Staff list", "NAME", "TEXT", null],
  ] as Array<Array<string | null>>,
};

const ctx = (orgId: string) =>
  ({ orgId, user: { id: "u", name: "u", email: "u@x" }, abortSignal: new AbortController().signal }) as ToolContext;
const search = (query: string, orgId = f.a.id) =>
  execute(searchSnowflake.input.parse({ query }), ctx(orgId)) as Promise<Record<string, any>>;
const statusLine = (result: Record<string, any>, query: string) =>
  searchSnowflake.statusLine!({
    ok: result.status === "success",
    args: { query },
    result,
    displayName: "Search Snowflake",
  });

beforeAll(async () => {
  f = await createTenancyFixture((await getTestContext()).app);
  sf = await startFakeSnowflake();
  process.env.SNOWFLAKE_BASE_URL = sf.url;
  setOutboundAllowList(["127.0.0.1"]);
  sf.users.set("ANA", { password: "pw" });
  sf.onQuery = (q) => (q.sqlText === CATALOGUE_SQL ? CATALOGUE : { error: { code: "000904", message: "unexpected" } });
  await saveCredentials({
    orgId: f.a.id,
    key: "snowflake",
    data: {
      auth_method: "password",
      account: "acme",
      user: "ANA",
      password: "pw",
      warehouse: "WH",
      database: "SALES_DB",
      schema: "PUBLIC",
      role: "R",
    },
  });
});
afterAll(async () => {
  delete process.env.SNOWFLAKE_BASE_URL;
  setOutboundAllowList([]);
  await sf?.close();
});

describe("search_snowflake", () => {
  it("[TOOL-21] returns a JSON text list of entries with table_info, best match first, from INFORMATION_SCHEMA", async () => {
    const result = await search("monthly revenue by region");
    expect(result.status).toBe("success");
    expect(typeof result.content).toBe("string");
    const entries = JSON.parse(result.content);
    expect(entries.map((e: { table_info: { table: string } }) => e.table_info.table)).toEqual([
      "SALES_DB.PUBLIC.MONTHLY_REVENUE",
      "SALES_DB.PUBLIC.CUSTOMERS",
    ]);
    expect(entries[0]).toEqual({
      table_info: {
        table: "SALES_DB.PUBLIC.MONTHLY_REVENUE",
        type: "BASE TABLE",
        row_count: 1200,
        comment: "Revenue per month and region",
        columns: [
          { name: "MONTH", type: "DATE", comment: null },
          { name: "REGION", type: "TEXT", comment: "Sales region" },
          { name: "AMOUNT", type: "NUMBER", comment: "USD" },
        ],
      },
    });
    expect(sf.queries.at(-1)!.sqlText).toBe(CATALOGUE_SQL);
    expect(statusLine(result, "monthly revenue by region")).toBe('Searched Snowflake for "monthly revenue by region"');
  });

  it("[TOOL-21] nothing matching is an empty list", async () => {
    expect(await search("inventory forecasts")).toEqual({ status: "success", content: "[]" });
  });

  it("[TOOLCARD-34] [TOOL-04] an unconnected organisation gets an error naming Snowflake, and the failure line", async () => {
    const result = await search("revenue", f.b.id);
    expect(result).toEqual({ status: "error", error: SNOWFLAKE_NOT_CONNECTED });
    expect(statusLine(result, "revenue")).toBe('Failed to search Snowflake for "revenue"');
  });

  it("Snowflake's error reaches the model (wrong credentials)", async () => {
    sf.users.set("ANA", { password: "changed" });
    try {
      expect(await search("revenue")).toEqual({
        status: "error",
        error: "Incorrect username or password was specified.",
      });
    } finally {
      sf.users.set("ANA", { password: "pw" });
    }
  });
});
