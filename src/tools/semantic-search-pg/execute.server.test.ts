// semantic_search_pg against a real PostgreSQL with pgvector: the query embedded by the organisation's
// default embedding model (the fake provider's deterministic vectors, which the stored rows also hold),
// nearest rows first, and the refusals: no vector column, other dimensions, no embedding model, no
// integration.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_DEFAULT_EMBEDDING_MODEL } from "../../server/ai/default-embedding";
import { asItem, nearestDocs, setUpPgSearch, type PgSearchWorld } from "../../server/pg-search/test-fixture";
import { NOT_CONNECTED } from "../../server/providers/postgres-read-only";
import { semanticSearchPg } from "./definition";
import { execute } from "./execute.server";

const url = process.env.TEST_DATABASE_URL;
let w: PgSearchWorld;

const run = (args: Record<string, unknown>, orgId = w.a) =>
  execute(semanticSearchPg.input.parse({ table_name: `${w.schema}.docs`, ...args }), w.ctx(orgId));
const items = (r: object) => JSON.parse(String((r as { content?: unknown }).content)) as unknown[];
const failLine = (args: Record<string, unknown>, result: unknown) =>
  semanticSearchPg.statusLine!({ ok: false, args, result: result as never, displayName: "" });

describe.skipIf(!url)("semantic_search_pg on a connected PostgreSQL", () => {
  beforeAll(async () => {
    w = await setUpPgSearch();
  });
  afterAll(async () => w?.close());

  it("[TOOL-25] [TOOL-28] returns the rows nearest in meaning to the query, nearest first, as title and content", async () => {
    const query = "Can customers get a refund after purchase?";
    const result = await run({ query, top_k: 3 });
    expect(result.status).toBe("success");
    expect(items(result)).toEqual(nearestDocs(query, 3).map(asItem));
    expect(items(result)[0]).toEqual({
      title: "Refund policy",
      content: "Customers may request a refund within 30 days of purchase.",
    });
    // The query went to the organisation's own embedding model, with its own key.
    const sent = w.fake.requests.filter((r) => r.path.endsWith("/embeddings")).at(-1)!;
    expect(sent.body).toMatchObject({ model: "text-embedding-3-small", input: [query] });
    expect(sent.headers.authorization).toBe("Bearer sk-org-a");
  });

  it("[TOOL-25] top_k: 5 by default, 1 and 50 at its bounds; 0 and 51 are refused by the schema", async () => {
    expect(items(await run({ query: "archive note" }))).toHaveLength(5);
    expect(items(await run({ query: "archive note", top_k: 1 }))).toHaveLength(1);
    expect(items(await run({ query: "archive note", top_k: 50 }))).toHaveLength(50);
    for (const top_k of [0, 51])
      expect(semanticSearchPg.input.safeParse({ query: "x", table_name: "docs", top_k }).success).toBe(false);
  });

  it("[TOOLCARD-34] refuses a table without a vector column, naming the table, with the search's failure line", async () => {
    const table_name = `${w.schema}.notes`;
    const result = await run({ query: "refunds", table_name });
    expect(result).toEqual({
      status: "error",
      error: `Table ${table_name} has no vector column (pgvector), so it cannot be searched by meaning. Use keyword_search_pg instead.`,
    });
    expect(failLine({ query: "refunds", table_name }, result)).toBe(`Failed to search ${table_name} for "refunds"`);
  });

  it("refuses when the table's vectors have other dimensions than the default embedding model's, declared or not", async () => {
    for (const [table, column] of [
      ["small", "embedding"],
      ["loose", "embedding"],
    ])
      expect(await run({ query: "numbers", table_name: `${w.schema}.${table}` })).toEqual({
        status: "error",
        error: `The vector column ${column} of ${w.schema}.${table} holds 3-dimension vectors, but the default embedding model (openai:text-embedding-3-small) makes 1536-dimension vectors. Choose a default embedding model of 3 dimensions, or search this table with keyword_search_pg.`,
      });
  });

  it("an organisation without a default embedding model is told to choose one", async () => {
    expect(await run({ query: "refunds" }, w.c)).toEqual({ status: "error", error: NO_DEFAULT_EMBEDDING_MODEL });
  });

  it("[TOOL-04] an organisation without the PostgreSQL integration gets an error naming it; never another's integration", async () => {
    expect(await run({ query: "refunds" }, w.b)).toEqual({ status: "error", error: NOT_CONNECTED });
    expect(await run({ query: "refunds" }, w.d)).toMatchObject({
      status: "error",
      error: expect.stringContaining(`database "${w.dDatabase}" does not exist`),
    });
  });
});
