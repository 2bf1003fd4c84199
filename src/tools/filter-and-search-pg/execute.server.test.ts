// filter_and_search_pg against a real PostgreSQL with pgvector: semantic search restricted by the
// where_clause, which is refused before anything is sent unless it is one allowed boolean expression,
// with the filter search's own failure line (TOOLCARD-36).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN_ADDRESS_MESSAGE, setOutboundAllowList } from "../../server/net/outbound-guard";
import { asItem, nearestDocs, setUpPgSearch, type PgSearchWorld } from "../../server/pg-search/test-fixture";
import { NOT_CONNECTED } from "../../server/providers/postgres-read-only";
import { filterAndSearchPg } from "./definition";
import { execute } from "./execute.server";

const url = process.env.TEST_DATABASE_URL;
let w: PgSearchWorld;

const run = (args: Record<string, unknown>, orgId = w.a) =>
  execute(filterAndSearchPg.input.parse({ table_name: `${w.schema}.docs`, ...args }), w.ctx(orgId));
const items = (r: object) => JSON.parse(String((r as { content?: unknown }).content)) as unknown[];
const statusLine = (ok: boolean, args: Record<string, unknown>, result: unknown) =>
  filterAndSearchPg.statusLine!({ ok, args, result: result as never, displayName: "" });

describe.skipIf(!url)("filter_and_search_pg on a connected PostgreSQL", () => {
  beforeAll(async () => {
    w = await setUpPgSearch();
  });
  afterAll(async () => w?.close());

  it("[TOOL-27] [TOOL-28] searches by meaning among the rows the where_clause admits", async () => {
    const query = "monthly paperwork and refunds";
    const where_clause = "category = 'billing' AND year >= 2023";
    const result = await run({ query, where_clause });
    expect(result.status).toBe("success");
    const admitted = nearestDocs(query, 5, (d) => d.category === "billing" && d.year >= 2023);
    expect(admitted.map((d) => d.title).sort()).toEqual(["Refund exceptions", "Refund policy"]);
    expect(items(result)).toEqual(admitted.map(asItem));
    expect(statusLine(true, { query, table_name: "docs", where_clause }, result)).toBe(`Searched docs for "${query}"`);
    const functions = await run({ query, where_clause: "lower(category) in ('hr', 'finance') and title is null" });
    expect(items(functions)).toEqual([{ content: "Expense reports are due on the fifth of each month." }]);
    const quoted = await run({ query, where_clause: "title = 'it''s; not a statement'" });
    expect(quoted).toEqual({ status: "success", content: "[]" });
  });

  it("[TOOL-27] without a where_clause it is a semantic search; top_k 5 by default, 1 and 50 at its bounds", async () => {
    const query = "Can customers get a refund after purchase?";
    expect(items(await run({ query, top_k: 3 }))).toEqual(nearestDocs(query, 3).map(asItem));
    expect(items(await run({ query }))).toHaveLength(5);
    expect(items(await run({ query, top_k: 1 }))).toHaveLength(1);
    expect(items(await run({ query: "archive", top_k: 50, where_clause: "category = 'archive'" }))).toHaveLength(50);
    for (const top_k of [0, 51])
      expect(filterAndSearchPg.input.safeParse({ query: "x", table_name: "docs", top_k }).success).toBe(false);
    expect(filterAndSearchPg.input.safeParse({ query: "x", table_name: "docs", where_clause: " " }).success).toBe(
      false,
    );
  });

  it("[TOOLCARD-36] a where_clause that is not one allowed expression is refused before anything is sent", async () => {
    const rows = async () => Number((await w.admin.query(`select count(*) from ${w.schema}.docs`)).rows[0].count);
    const embeddings = w.fake.requests.length;
    // With the database unreachable, every answer below was given before connecting.
    setOutboundAllowList([]);
    try {
      for (const where_clause of [
        `year > 2020; delete from ${w.schema}.docs`,
        `year > 2020) OR (true`,
        `year in (select year from ${w.schema}.docs)`,
        `${w.schema}.write_log() = 'x'`,
        "pg_sleep(10) is null",
        "year > 2020 -- the rest",
      ]) {
        const result = await run({ query: "refund", where_clause });
        expect(result, where_clause).toMatchObject({
          status: "error",
          error: expect.stringContaining("The where_clause must be a single boolean expression"),
        });
        expect(statusLine(false, { query: "refund", table_name: "docs" }, result)).toBe(
          `Error searching docs: ${(result as { error: string }).error}`,
        );
      }
      expect(await run({ query: "refund", where_clause: "year > 2020" })).toEqual({
        status: "error",
        error: FORBIDDEN_ADDRESS_MESSAGE,
      });
    } finally {
      setOutboundAllowList([new URL(url!).hostname]);
    }
    expect(w.fake.requests.length).toBe(embeddings);
    expect(await rows()).toBe(62);
    expect(Number((await w.admin.query(`select count(*) from ${w.schema}.log`)).rows[0].count)).toBe(0);
  });

  it("[TOOLCARD-36] a name that is not a column is refused before the search; a type error comes back from PostgreSQL", async () => {
    const embeddings = w.fake.requests.length;
    const unknown = await run({ query: "refund", where_clause: "secret = 'x'" });
    expect(unknown).toEqual({
      status: "error",
      error:
        'The where_clause refers to "secret", which is not a column of the table (its columns: id, title, content, category, year, embedding).',
    });
    expect(w.fake.requests.length).toBe(embeddings);
    const notBoolean = await run({ query: "refund", where_clause: "year + 1" });
    expect(notBoolean).toMatchObject({ status: "error", error: expect.stringContaining("must be type boolean") });
    expect(statusLine(false, { query: "refund", table_name: "docs" }, notBoolean)).toMatch(/^Error searching docs: /);
    expect(statusLine(false, { query: "refund", table_name: "docs" }, { status: "error" })).toBe(
      "Error searching docs: Unknown error",
    );
  });

  it("refuses a table without a vector column and vectors of other dimensions", async () => {
    expect(await run({ query: "refund", table_name: `${w.schema}.notes`, where_clause: "id = 1" })).toMatchObject({
      status: "error",
      error: expect.stringContaining("has no vector column (pgvector)"),
    });
    expect(await run({ query: "refund", table_name: `${w.schema}.small` })).toMatchObject({
      status: "error",
      error: expect.stringContaining("holds 3-dimension vectors, but the default embedding model"),
    });
  });

  it("[TOOL-04] an organisation without the PostgreSQL integration gets an error naming it; never another's integration", async () => {
    expect(await run({ query: "refund", where_clause: "year > 2020" }, w.b)).toEqual({
      status: "error",
      error: NOT_CONNECTED,
    });
    expect(await run({ query: "refund" }, w.d)).toMatchObject({
      status: "error",
      error: expect.stringContaining(`database "${w.dDatabase}" does not exist`),
    });
  });
});
