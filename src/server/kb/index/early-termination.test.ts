// BM25 with early termination (decision 110) on PGlite and PostgreSQL: exhaustive results wherever every
// query term's postings fit in BM25_TOP.postingsPerTerm, the best chunks found and scored exactly when a
// term has more, the df counted after deletes, and the impact index ordering the read.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { fakeEmbedding } from "../../../../e2e/support/fake-provider";
import { db } from "../../db/client";
import { getTestContext } from "../../test/context";
import { BM25_TOP, bm25Ctes, bm25Search, bm25Top } from "./bm25";
import { deleteFileChunks } from "./chunks";
import { hybridCandidates, searchChunks } from "./search";
import { count, makeFile, makeKb, makeOrg } from "./test-fixture";

beforeAll(async () => {
  await getTestContext();
}, 300_000);

const defaults = { ...BM25_TOP };
afterEach(() => Object.assign(BM25_TOP, defaults));

/** Runs `fn` with early termination at `n` postings a term (0: every posting read), whatever the size. */
async function withN<T>(n: number, fn: () => Promise<T>): Promise<T> {
  BM25_TOP.postingsPerTerm = n;
  BM25_TOP.minChunks = 0;
  try {
    return await fn();
  } finally {
    Object.assign(BM25_TOP, defaults);
  }
}

/** Deterministic texts over a small vocabulary: long posting lists, varied tf and lengths. */
function corpus(size: number, seed = 7): string[] {
  const words = "alpha beta gamma delta epsilon zeta theta kappa lambda sigma omega river stone cloud".split(" ");
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: size }, () =>
    Array.from({ length: 3 + Math.floor(next() * 12) }, () => words[Math.floor(next() * words.length)]).join(" "),
  );
}

const queries = ["alpha river", "stone cloud omega", "kappa", "beta beta gamma delta", "sigma zeta theta lambda"];

describe("BM25 early termination (decision 110)", () => {
  it("returns exactly the exhaustive results when every term's postings are read whole", async () => {
    const orgId = await makeOrg();
    const kb = await makeKb(orgId);
    await makeFile(orgId, kb, corpus(60));
    await makeFile(orgId, kb, corpus(40, 11), 1536, "b.txt");
    for (const query of queries)
      for (const mode of ["text", "hybrid"] as const) {
        const opts = { knowledgeBaseIds: [kb], query, queryEmbedding: fakeEmbedding(query, 1536), topK: 10, mode };
        const early = await withN(1_000, () => searchChunks(orgId, opts));
        const all = await withN(0, () => searchChunks(orgId, opts));
        expect(early.length).toBeGreaterThan(0);
        expect(early.map((h) => [h.chunkId, h.searchType])).toEqual(all.map((h) => [h.chunkId, h.searchType]));
        early.forEach((h, i) => expect(h.similarityScore).toBeCloseTo(all[i]!.similarityScore, 12));
      }
  });

  it("a term with more postings than N still finds the top chunks, scored exactly", async () => {
    const orgId = await makeOrg();
    const kb = await makeKb(orgId);
    // 40 chunks mention "kinase" once among many words; two short ones say it three times: BM25's best.
    const filler = Array.from({ length: 40 }, (_, i) => `kinase pathway study ${i} across tissues organs and mammals`);
    await makeFile(orgId, kb, [
      ...filler.slice(0, 20),
      "kinase kinase kinase",
      ...filler.slice(20),
      "kinase kinase kinase assay",
    ]);
    const q = { orgId, kbIds: [kb], query: "kinase assay", limit: 5, fileFilter: null };
    const all = await withN(0, () => bm25Search(db(), q));
    const early = await withN(3, () => bm25Search(db(), q));
    expect(early).toHaveLength(5);
    expect(early.slice(0, 2)).toEqual(all.slice(0, 2));
    // Every chunk returned carries its exhaustive score (the partial one would miss terms).
    const exact = new Map(all.map((h) => [h.chunkId, h.score]));
    const full = await withN(0, () => bm25Search(db(), { ...q, limit: 100 }));
    const fullScore = new Map(full.map((h) => [h.chunkId, h.score]));
    for (const h of early) expect(h.score).toBeCloseTo(exact.get(h.chunkId) ?? fullScore.get(h.chunkId)!, 12);
  });

  it("hybrid candidates found by the dense leg alone get their exact BM25 under early termination", async () => {
    const orgId = await makeOrg();
    const kb = await makeKb(orgId);
    const texts = corpus(80, 3);
    await makeFile(orgId, kb, texts);
    for (const query of queries) {
      const opts = { orgId, kbIds: [kb], query, embedding: fakeEmbedding(texts[5]!, 1536), limit: 10, filter: null };
      const early = await withN(2, () => db().transaction((tx) => hybridCandidates(tx, opts)));
      const all = await withN(0, () => db().transaction((tx) => hybridCandidates(tx, { ...opts, limit: 200 })));
      const bm25 = new Map(all.map((c) => [c.chunkId, c.bm25]));
      for (const c of early) expect(c.bm25).toBeCloseTo(bm25.get(c.chunkId) ?? 0, 12);
      expect(early.filter((c) => c.vectorRank !== null)).toHaveLength(10);
    }
  });

  it("a deleted file leaves no postings, and the df counts only what is left", async () => {
    const orgId = await makeOrg();
    const kb = await makeKb(orgId);
    const keep = corpus(30, 5);
    const gone = await makeFile(orgId, kb, corpus(50, 9), 1536, "gone.txt");
    await makeFile(orgId, kb, keep, 1536, "keep.txt");
    await db().transaction((tx) => deleteFileChunks(tx, orgId, gone));
    const postings = await db().execute(sql`
      select count(*)::int as n from kb_posting p where p.organization_id = ${orgId}
        and not exists (select 1 from kb_chunk c where c.organization_id = p.organization_id and c.id = p.chunk_id)`);
    expect((postings as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect(await count("kb_chunk", orgId)).toBe(30);
    // The same texts in a knowledge base that never had the deleted file score the same.
    const fresh = await makeKb(orgId);
    await makeFile(orgId, fresh, keep);
    for (const query of queries) {
      const left = await withN(3, () => bm25Search(db(), { orgId, kbIds: [kb], query, limit: 10, fileFilter: null }));
      const clean = await withN(3, () =>
        bm25Search(db(), { orgId, kbIds: [fresh], query, limit: 10, fileFilter: null }),
      );
      expect(left.map((h) => h.score)).toEqual(clean.map((h) => h.score));
    }
    // Deleting the file's row (the cascade) leaves nothing of it either.
    const other = await makeFile(orgId, kb, corpus(10, 13), 1536, "other.txt");
    await db().execute(sql`delete from kb_file where organization_id = ${orgId} and id = ${other}::uuid`);
    expect(await count("kb_chunk", orgId)).toBe(60);
    expect(await count("kb_posting", orgId)).toBe(
      Number(
        (
          (await db().execute(sql`
            select count(*)::int as n from kb_chunk c, unnest(to_tsvector('english', c.content)) t
            where c.organization_id = ${orgId}`)) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n,
      ),
    );
  });

  it("a collection of at most minChunks chunks is read whole, with the same results", async () => {
    const orgId = await makeOrg();
    const kb = await makeKb(orgId);
    await makeFile(orgId, kb, corpus(50, 21));
    const q = { orgId, kbIds: [kb], query: "alpha river omega", limit: 5, fileFilter: null };
    BM25_TOP.postingsPerTerm = 2;
    BM25_TOP.minChunks = 50;
    const small = await bm25Search(db(), q);
    const all = await withN(0, () => bm25Search(db(), q));
    expect(small).toEqual(all);
    const plan = await db().execute(sql`explain analyze with ${bm25Ctes(q)} ${bm25Top(q)}`);
    // The early branch's reads never run (PostgreSQL and PGlite print "never executed").
    expect(JSON.stringify((plan as unknown as { rows: unknown[] }).rows)).toMatch(/never executed/);
  });

  it("reads a term's postings best first from the impact index", async () => {
    const orgId = await makeOrg();
    const kb = await makeKb(orgId);
    await makeFile(orgId, kb, corpus(20));
    BM25_TOP.minChunks = 0;
    const q = { orgId, kbIds: [kb], query: "alpha river", limit: 10, fileFilter: null };
    const plan = await db().execute(sql`explain with ${bm25Ctes(q)} ${bm25Top(q)}`);
    expect(JSON.stringify((plan as unknown as { rows: unknown[] }).rows)).toContain("kb_posting_impact_idx");
  });
});
