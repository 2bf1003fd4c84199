// keyword_search_pg against a real PostgreSQL connected as the organisation's integration: full-text
// hits in the spec's item shape, top_k at its bounds, names resolved through the catalog (never spliced
// into SQL), the read-only transaction and statement timeout, and every refusal.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN_ADDRESS_MESSAGE, setOutboundAllowList } from "../../server/net/outbound-guard";
import { asItem, DOCS, setUpPgSearch, type PgSearchWorld } from "../../server/pg-search/test-fixture";
import { CANCELLED, NOT_CONNECTED, POSTGRES_LIMITS } from "../../server/providers/postgres-read-only";
import { keywordSearchPg } from "./definition";
import { execute } from "./execute.server";

const url = process.env.TEST_DATABASE_URL;
let w: PgSearchWorld;
const defaults = { ...POSTGRES_LIMITS };

const run = (args: Record<string, unknown>, orgId = w.a) =>
  execute(keywordSearchPg.input.parse({ table_name: `${w.schema}.docs`, ...args }), w.ctx(orgId));
const items = (r: object) =>
  JSON.parse(String((r as { content?: unknown }).content)) as { title?: string; content: string }[];
const failLine = (args: Record<string, unknown>, result: unknown) =>
  keywordSearchPg.statusLine!({ ok: false, args, result: result as never, displayName: "" });

describe.skipIf(!url)("keyword_search_pg on a connected PostgreSQL", () => {
  beforeAll(async () => {
    w = await setUpPgSearch();
  });
  afterEach(() => Object.assign(POSTGRES_LIMITS, defaults));
  afterAll(async () => w?.close());

  it("[TOOL-26] [TOOL-28] finds the rows holding the keyword, best first, as items with title and content", async () => {
    const result = await run({ keyword: "refund" });
    expect(result.status).toBe("success");
    // Full-text over every text column, stemmed: "refund" also matches "refunded".
    expect(items(result)).toEqual([asItem(DOCS[0]!), asItem(DOCS[5]!)]);
    const untitled = await run({ keyword: "expense reports" });
    expect(items(untitled)).toEqual([{ content: "Expense reports are due on the fifth of each month." }]);
  });

  it("[TOOL-26] top_k: 5 by default, 1 and 50 at its bounds; 0 and 51 are refused by the schema", async () => {
    expect(items(await run({ keyword: "archive" }))).toHaveLength(5);
    expect(items(await run({ keyword: "archive", top_k: 1 }))).toHaveLength(1);
    expect(items(await run({ keyword: "archive", top_k: 50 }))).toHaveLength(50);
    for (const top_k of [0, 51, 2.5])
      expect(keywordSearchPg.input.safeParse({ keyword: "x", table_name: "docs", top_k }).success).toBe(false);
    expect(keywordSearchPg.input.safeParse({ keyword: " ", table_name: "docs" }).success).toBe(false);
  });

  it("[TOOLCARD-37] a keyword nothing holds is a success with no items", async () => {
    const result = await run({ keyword: "zeppelin" });
    expect(result).toEqual({ status: "success", content: "[]" });
  });

  it("finds tables by quoted, capitalised and schema-qualified names, and uses a table's own tsvector column", async () => {
    const team = await run({ keyword: "refunds", table_name: `${w.schema}."Team Notes"` });
    expect(items(team)).toEqual([{ content: "The team meets on Mondays about refunds." }]);
    // Unquoted names fold to lower case as in SQL; a table created with capitals is found by its exact name too.
    const upper = await run({ keyword: "refund", table_name: `${w.schema.toUpperCase()}.DOCS`, top_k: 1 });
    expect(items(upper)).toHaveLength(1);
    const glossary = await run({ keyword: "money", table_name: `${w.schema}.Glossary` });
    expect(items(glossary)).toEqual([{ content: "Refund\nMoney returned to a customer." }]);
    const articles = await run({ keyword: "inspected", table_name: `"${w.schema}"."articles"` });
    expect(items(articles)).toEqual([{ title: "Returns", content: "Returned goods are inspected before refunding." }]);
  });

  it("[TOOLCARD-34] table names are never SQL: injection attempts and unknown tables are refused with the search's failure line", async () => {
    const rows = async () => Number((await w.admin.query(`select count(*) from ${w.schema}.docs`)).rows[0].count);
    for (const table_name of [
      `${w.schema}.docs; drop table ${w.schema}.docs`,
      `${w.schema}.docs where 1=1 --`,
      `(select 1) x`,
      `a.b.c.d`,
    ]) {
      const result = await run({ keyword: "refund", table_name });
      expect(result, table_name).toEqual({
        status: "error",
        error: `"${table_name}" is not a table name. Give a table, optionally with its schema (e.g. public.documents).`,
      });
      expect(failLine({ keyword: "refund", table_name }, result)).toBe(`Failed to search ${table_name} for "refund"`);
    }
    const missing = `${w.schema}.nope`;
    expect(await run({ keyword: "refund", table_name: missing })).toEqual({
      status: "error",
      error: `Table ${missing} was not found (or the connected user cannot see it).`,
    });
    expect(await rows()).toBe(DOCS.length);
  });

  it("refuses a table without text columns", async () => {
    expect(await run({ keyword: "refund", table_name: `${w.schema}.measures` })).toEqual({
      status: "error",
      error: `Table ${w.schema}.measures has no text columns to search.`,
    });
  });

  it("runs read-only and within the statement timeout", async () => {
    const writes = await run({ keyword: "refund", table_name: `${w.schema}.writes` });
    expect(writes).toMatchObject({ status: "error", error: expect.stringContaining("read-only transaction") });
    expect(Number((await w.admin.query(`select count(*) from ${w.schema}.log`)).rows[0].count)).toBe(0);
    POSTGRES_LIMITS.statementTimeoutMs = 300;
    const started = Date.now();
    const slow = await run({ keyword: "refund", table_name: `${w.schema}.slow` });
    expect(slow).toMatchObject({ status: "error", error: expect.stringContaining("statement timeout") });
    expect(Date.now() - started).toBeLessThan(1_900);
  });

  it("a call the chat stops is cancelled: the connection closes and the model is told", async () => {
    const stop = new AbortController();
    const started = Date.now();
    const pending = execute(
      keywordSearchPg.input.parse({ keyword: "refund", table_name: `${w.schema}.slow` }),
      w.ctx(w.a, stop.signal),
    );
    setTimeout(() => stop.abort(), 300);
    expect(await pending).toEqual({ status: "error", error: CANCELLED });
    expect(Date.now() - started).toBeLessThan(1_900);
  });

  it("[TOOL-04] an organisation without the PostgreSQL integration gets an error naming it; never another's integration", async () => {
    expect(await run({ keyword: "refund" }, w.b)).toEqual({ status: "error", error: NOT_CONNECTED });
    // D's own integration is used, which points at a database A's tables are not in.
    expect(await run({ keyword: "refund" }, w.d)).toMatchObject({
      status: "error",
      error: expect.stringContaining(`database "${w.dDatabase}" does not exist`),
    });
  });

  it("a loopback host is refused by the outbound guard unless the operator allows it", async () => {
    setOutboundAllowList([]);
    try {
      expect(await run({ keyword: "refund" })).toEqual({ status: "error", error: FORBIDDEN_ADDRESS_MESSAGE });
    } finally {
      setOutboundAllowList([new URL(url!).hostname]);
    }
  });
});
