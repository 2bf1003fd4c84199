// The knowledge-base index on real PGlite and PostgreSQL: BM25 against hand-computed scores, the three
// modes, file filters, organisation and knowledge-base restriction, and the HNSW index being usable.
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { fakeEmbedding } from "../../../../e2e/support/fake-provider";
import { db } from "../../db/client";
import { getTestContext } from "../../test/context";
import { searchChunks } from "./search";
import { makeFile, makeKb, makeOrg } from "./test-fixture";
import { vectorCast, vectorParam } from "./sql-parts";
import type { SearchOptions } from "./types";

// PGlite's first start compiles its WebAssembly: over a minute on a loaded machine.
beforeAll(async () => {
  await getTestContext();
}, 300_000);

const search = (orgId: string, opts: Partial<SearchOptions> & { knowledgeBaseIds: string[]; query: string }) =>
  searchChunks(orgId, { queryEmbedding: null, topK: 10, mode: "text", ...opts });

describe("BM25 (k1 0.9, b 0.4, Lucene's idf) scored in SQL", () => {
  it("scores match the formula computed by hand", async () => {
    const orgId = await makeOrg();
    const kb = await makeKb(orgId);
    // Stemmed terms: appl banana | appl appl cherri | banana cherri date egg → N 3, avgdl 3.
    await makeFile(orgId, kb, ["apple banana", "apple apple cherry", "banana cherry date egg"]);
    // idf(appl) = idf(cherri) = ln(1 + (3 - 2 + 0.5) / (2 + 0.5)) = ln 1.6 = 0.470004
    // d1 appl: tf 1, dl 2 → 1.9 / (1 + 0.9 × (0.6 + 0.4 × 2/3)) = 1.067416 → 0.501689
    // d2 appl: tf 2, dl 3 → 3.8 / 2.9 = 1.310345 → 0.615867; cherri: tf 1, dl 3 → 1 → 0.470004; sum 1.085871
    // d3 cherri: tf 1, dl 4 → 1.9 / (1 + 0.9 × (0.6 + 0.4 × 4/3)) = 0.940594 → 0.442083
    const hits = await search(orgId, { knowledgeBaseIds: [kb], query: "Apples and cherries" });
    expect(hits.map((h) => h.chunkIndex)).toEqual([1, 0, 2]);
    expect(hits.map((h) => h.searchType)).toEqual(["text", "text", "text"]);
    const best = 1.085871;
    expect(hits[0]!.similarityScore).toBeCloseTo(1, 5);
    expect(hits[1]!.similarityScore).toBeCloseTo(0.501689 / best, 5);
    expect(hits[2]!.similarityScore).toBeCloseTo(0.442083 / best, 5);
  });

  it("ranks a rare term above a common one, and a short chunk above a long one for the same term", async () => {
    const orgId = await makeOrg();
    const kb = await makeKb(orgId);
    await makeFile(orgId, kb, [
      "protein folding in cells",
      "protein synthesis and protein transport in cells",
      "protein kinase",
      "a long discussion of kinase pathways across many different tissues and organs in mammals",
    ]);
    const hits = await search(orgId, { knowledgeBaseIds: [kb], query: "kinase" });
    expect(hits.map((h) => h.chunkIndex)).toEqual([2, 3]);
    const rare = await search(orgId, { knowledgeBaseIds: [kb], query: "protein folding" });
    expect(rare[0]!.chunkIndex).toBe(0);
  });

  it("stop words alone find nothing", async () => {
    const orgId = await makeOrg();
    const kb = await makeKb(orgId);
    await makeFile(orgId, kb, ["the quick brown fox"]);
    expect(await search(orgId, { knowledgeBaseIds: [kb], query: "the and of" })).toEqual([]);
  });
});

describe("modes", () => {
  const revenue = "Quarterly revenue grew by twelve percent";
  const zoo = "Zebras and giraffes at the savanna watering hole";

  it("[TOOL-33] text finds words, vector finds meaning, hybrid returns both with the leg that found each", async () => {
    const orgId = await makeOrg();
    const kb = await makeKb(orgId);
    const file = await makeFile(orgId, kb, [revenue, zoo]);
    const embedding = fakeEmbedding(zoo, 1536);

    const text = await search(orgId, { knowledgeBaseIds: [kb], query: "revenue", queryEmbedding: embedding });
    expect(text.map((h) => [h.content, h.searchType])).toEqual([[revenue, "text"]]);

    const vector = await search(orgId, {
      knowledgeBaseIds: [kb],
      query: "revenue",
      queryEmbedding: embedding,
      mode: "vector",
    });
    expect(vector[0]).toMatchObject({ content: zoo, searchType: "vector", fileId: file, pageNumber: 2, chunkIndex: 1 });
    expect(vector[0]!.similarityScore).toBeCloseTo(1, 4);
    expect(vector.every((h) => h.searchType === "vector")).toBe(true);

    const hybrid = await search(orgId, {
      knowledgeBaseIds: [kb],
      query: "revenue",
      queryEmbedding: embedding,
      mode: "hybrid",
    });
    expect(new Map(hybrid.map((h) => [h.content, h.searchType]))).toEqual(
      new Map([
        [revenue, "text"],
        [zoo, "vector"],
      ]),
    );
    for (const h of hybrid) {
      expect(h.similarityScore).toBeGreaterThanOrEqual(0);
      expect(h.similarityScore).toBeLessThanOrEqual(1);
    }
  });

  it("topK bounds the results", async () => {
    const orgId = await makeOrg();
    const kb = await makeKb(orgId);
    await makeFile(orgId, kb, ["alpha one", "alpha two", "alpha three", "alpha four"]);
    expect(await search(orgId, { knowledgeBaseIds: [kb], query: "alpha", topK: 2 })).toHaveLength(2);
    const e = fakeEmbedding("alpha", 1536);
    expect(
      await search(orgId, { knowledgeBaseIds: [kb], query: "alpha", topK: 3, mode: "hybrid", queryEmbedding: e }),
    ).toHaveLength(3);
  });

  it("3,072-dimension knowledge bases search through halfvec", async () => {
    const orgId = await makeOrg();
    const kb = await makeKb(orgId, 3072);
    await makeFile(orgId, kb, [revenue, zoo], 3072);
    const hits = await search(orgId, {
      knowledgeBaseIds: [kb],
      query: zoo,
      queryEmbedding: fakeEmbedding(zoo, 3072),
      mode: "vector",
    });
    expect(hits[0]!.content).toBe(zoo);
    expect(hits[0]!.similarityScore).toBeCloseTo(1, 2);
  });
});

describe("filters and restriction", () => {
  it("includeFileIds and excludeFileIds restrict the files searched", async () => {
    const orgId = await makeOrg();
    const kb = await makeKb(orgId);
    const a = await makeFile(orgId, kb, ["budget plan for marketing"], 1536, "a.txt");
    const b = await makeFile(orgId, kb, ["budget plan for engineering"], 1536, "b.txt");
    const e = fakeEmbedding("budget plan", 1536);
    for (const mode of ["text", "vector", "hybrid"] as const) {
      const base = { knowledgeBaseIds: [kb], query: "budget plan", queryEmbedding: e, mode };
      expect((await search(orgId, { ...base, includeFileIds: [a] })).map((h) => h.fileId)).toEqual([a]);
      expect((await search(orgId, { ...base, excludeFileIds: [a] })).map((h) => h.fileId)).toEqual([b]);
      expect(await search(orgId, { ...base, includeFileIds: [] })).toEqual([]);
      expect(await search(orgId, { ...base, includeFileIds: ["not-a-uuid"] })).toEqual([]);
    }
  });

  it("another organisation's knowledge base and knowledge bases not asked for return nothing", async () => {
    const orgA = await makeOrg();
    const orgB = await makeOrg();
    const kbA = await makeKb(orgA);
    const kbA2 = await makeKb(orgA);
    await makeFile(orgA, kbA, ["confidential merger terms"]);
    await makeFile(orgA, kbA2, ["merger rumours in the press"]);
    const e = fakeEmbedding("merger", 1536);
    for (const mode of ["text", "vector", "hybrid"] as const) {
      expect(await search(orgB, { knowledgeBaseIds: [kbA], query: "merger", queryEmbedding: e, mode })).toEqual([]);
      const own = await search(orgA, { knowledgeBaseIds: [kbA2], query: "merger", queryEmbedding: e, mode });
      expect(own.map((h) => h.knowledgeBaseId)).toEqual([kbA2]);
      const both = await search(orgA, { knowledgeBaseIds: [kbA, kbA2], query: "merger", queryEmbedding: e, mode });
      expect(new Set(both.map((h) => h.knowledgeBaseId))).toEqual(new Set([kbA, kbA2]));
    }
  });
});

describe("indexes", () => {
  it("the vector query can use the partial HNSW index of its dimension count", async () => {
    const orgId = await makeOrg();
    const cast = vectorCast(1536);
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const q = vectorParam(fakeEmbedding("x", 1536), cast);
      return tx.execute(sql`explain select id from kb_chunk c where c.organization_id = ${orgId} and c.dims = 1536
        order by c.embedding::${cast} <=> ${q} limit 10`);
    });
    expect(JSON.stringify((plan as unknown as { rows: unknown[] }).rows)).toContain("kb_chunk_hnsw_1536_idx");
  });
});
