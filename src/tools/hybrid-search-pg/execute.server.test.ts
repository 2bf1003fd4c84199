// hybrid_search_pg against a real PostgreSQL with pgvector: the semantic and the full-text rankings of
// the same table (as semantic_search_pg and keyword_search_pg return them) fused by reciprocal rank.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RRF_K } from "../../server/pg-search/search";
import { setUpPgSearch, type PgSearchWorld } from "../../server/pg-search/test-fixture";
import { NOT_CONNECTED } from "../../server/providers/postgres-read-only";
import { execute as keyword } from "../keyword-search-pg/execute.server";
import { keywordSearchPg } from "../keyword-search-pg/definition";
import { execute as semantic } from "../semantic-search-pg/execute.server";
import { semanticSearchPg } from "../semantic-search-pg/definition";
import { hybridSearchPg } from "./definition";
import { execute } from "./execute.server";

const url = process.env.TEST_DATABASE_URL;
let w: PgSearchWorld;

type Item = { title?: string; content: string };
const run = (args: Record<string, unknown>, orgId = w.a) =>
  execute(hybridSearchPg.input.parse({ table_name: `${w.schema}.docs`, ...args }), w.ctx(orgId));
const items = (r: object) => JSON.parse(String((r as { content?: unknown }).content)) as Item[];
const failLine = (args: Record<string, unknown>, result: unknown) =>
  hybridSearchPg.statusLine!({ ok: false, args, result: result as never, displayName: "" });

/** Reciprocal rank fusion of two ranked lists, written out. */
function fuse(lists: Item[][], k: number): Item[] {
  const score = new Map<string, { item: Item; s: number }>();
  for (const list of lists)
    list.forEach((item, rank) => {
      const key = `${item.title}|${item.content}`;
      score.set(key, { item, s: (score.get(key)?.s ?? 0) + 1 / (RRF_K + rank + 1) });
    });
  return [...score.values()]
    .sort((a, b) => b.s - a.s)
    .slice(0, k)
    .map((e) => e.item);
}

describe.skipIf(!url)("hybrid_search_pg on a connected PostgreSQL", () => {
  beforeAll(async () => {
    w = await setUpPgSearch();
  });
  afterAll(async () => w?.close());

  it("[TOOL-24] [TOOL-28] fuses the meaning and keyword rankings by reciprocal rank, each row once", async () => {
    const query = "billing";
    const table_name = `${w.schema}.docs`;
    const result = await run({ query, top_k: 4 });
    expect(result.status).toBe("success");
    const pool = 16; // four times top_k from each side
    const bySense = items(await semantic(semanticSearchPg.input.parse({ query, table_name, top_k: pool }), w.ctx(w.a)));
    const byWords = items(
      await keyword(keywordSearchPg.input.parse({ keyword: query, table_name, top_k: pool }), w.ctx(w.a)),
    );
    expect(items(result)).toEqual(fuse([bySense, byWords], 4));
    // Neither ranking alone gives this answer.
    expect(items(result)).not.toEqual(bySense.slice(0, 4));
    expect(items(result)).not.toEqual(byWords.slice(0, 4));
    // "billing" is a category word: the keyword side finds the billing rows, which the embedded text lacks.
    expect(items(result).map((i) => i.title)).toEqual(expect.arrayContaining(["Refund policy", "Invoice schedule"]));
    expect(new Set(items(result).map((i) => i.content)).size).toBe(4);
  });

  it("[TOOL-24] top_k: 5 by default, 1 and 50 at its bounds; 0 and 51 are refused by the schema", async () => {
    expect(items(await run({ query: "archive" }))).toHaveLength(5);
    expect(items(await run({ query: "archive", top_k: 1 }))).toHaveLength(1);
    expect(items(await run({ query: "archive", top_k: 50 }))).toHaveLength(50);
    for (const top_k of [0, 51])
      expect(hybridSearchPg.input.safeParse({ query: "x", table_name: "docs", top_k }).success).toBe(false);
  });

  it("[TOOLCARD-34] refuses a table without a vector column or without text, with the search's failure line", async () => {
    const notes = `${w.schema}.notes`;
    const noVector = await run({ query: "refunds", table_name: notes });
    expect(noVector).toEqual({
      status: "error",
      error: `Table ${notes} has no vector column (pgvector), so it cannot be searched by meaning. Use keyword_search_pg instead.`,
    });
    expect(failLine({ query: "refunds", table_name: notes }, noVector)).toBe(`Failed to search ${notes} for "refunds"`);
    const before = w.fake.requests.length;
    expect(await run({ query: "refunds", table_name: `${w.schema}.measures` })).toEqual({
      status: "error",
      error: `Table ${w.schema}.measures has no text columns to search.`,
    });
    expect(w.fake.requests.length).toBe(before); // refused before the query was embedded
  });

  it("refuses other dimensions than the default embedding model's", async () => {
    expect(await run({ query: "numbers", table_name: `${w.schema}.small` })).toMatchObject({
      status: "error",
      error: expect.stringContaining("holds 3-dimension vectors, but the default embedding model"),
    });
  });

  it("[TOOL-04] an organisation without the PostgreSQL integration gets an error naming it; never another's integration", async () => {
    expect(await run({ query: "refunds" }, w.b)).toEqual({ status: "error", error: NOT_CONNECTED });
    expect(await run({ query: "refunds" }, w.d)).toMatchObject({
      status: "error",
      error: expect.stringContaining(`database "${w.dDatabase}" does not exist`),
    });
  });
});
