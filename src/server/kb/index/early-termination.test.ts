// BM25 with early termination (decision 110) on PGlite and PostgreSQL: exhaustive results wherever every
// query term's postings fit in BM25_TOP.postingsPerTerm, the best chunks found and scored exactly when a
// term has more, the df counted after deletes, and the impact index ordering the read.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { fakeEmbedding } from "../../../../e2e/support/fake-provider";
import { db } from "../../db/client";
import { getTestContext } from "../../test/context";
import { BM25_TOP, PROBE, bm25Ctes, bm25ScoreOf, bm25Search, bm25Top } from "./bm25";
import { deleteFileChunks, deleteKbChunks, insertChunks } from "./chunks";
import { hybridCandidates, searchChunks } from "./search";
import { count, makeFile, makeKb, makeOrg } from "./test-fixture";

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Every term's df in the knowledge base as kb_file_term holds it, and as its postings count it. */
async function dfs(orgId: string, kbId: string) {
  const kept = rowsOf<{ term: string; df: number }>(
    await db().execute(sql`select term, sum(df)::int as df from kb_file_term
      where organization_id = ${orgId} and knowledge_base_id = ${kbId}::uuid group by term order by term`),
  );
  const counted = rowsOf<{ term: string; df: number }>(
    await db().execute(sql`select term, count(*)::int as df from kb_posting
      where organization_id = ${orgId} and knowledge_base_id = ${kbId}::uuid group by term order by term`),
  );
  return { kept, counted };
}

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
    // The same chunks; scores equal to the last few bits (summed in another order by the early branch).
    expect(early.slice(0, 2).map((h) => h.chunkId)).toEqual(all.slice(0, 2).map((h) => h.chunkId));
    early.slice(0, 2).forEach((h, i) => expect(h.score).toBeCloseTo(all[i]!.score, 9));
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
      // Equal to the last few bits: the sums run over the postings in an order that depends on the chunk ids.
      expect(left.length).toBe(clean.length);
      left.forEach((h, i) => expect(h.score).toBeCloseTo(clean[i]!.score, 9));
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

  it("the maintained df (kb_file_term) equals the postings' count after ingestion, re-processing and every delete", async () => {
    const orgId = await makeOrg();
    const kb = await makeKb(orgId);
    const a = await makeFile(orgId, kb, corpus(40, 5), 1536, "a.txt");
    const b = await makeFile(orgId, kb, corpus(30, 9), 1536, "b.txt");
    // A file indexed in two batches (two transactions, as the worker does) adds up its rows.
    await db().transaction((tx) =>
      insertChunks(tx, orgId, kb, b, [
        { chunkIndex: 30, pageNumber: 31, content: "alpha river alpha", embedding: fakeEmbedding("x", 1536) },
      ]),
    );
    let { kept, counted } = await dfs(orgId, kb);
    expect(counted.length).toBeGreaterThan(5);
    expect(kept).toEqual(counted);
    await db().transaction((tx) => deleteFileChunks(tx, orgId, a));
    ({ kept, counted } = await dfs(orgId, kb));
    expect(kept).toEqual(counted);
    // Deleting the file's row (the cascade) takes its rows too.
    await db().execute(sql`delete from kb_file where organization_id = ${orgId} and id = ${b}::uuid`);
    ({ kept, counted } = await dfs(orgId, kb));
    expect(kept).toEqual([]);
    expect(counted).toEqual([]);
    await makeFile(orgId, kb, corpus(20, 4), 1536, "c.txt");
    await db().transaction((tx) => deleteKbChunks(tx, orgId, kb));
    expect(await count("kb_file_term", orgId)).toBe(0);
    // And with the knowledge base's row: nothing of it is left.
    const kb2 = await makeKb(orgId);
    await makeFile(orgId, kb2, corpus(20, 6));
    await db().execute(sql`delete from knowledge_base where organization_id = ${orgId} and id = ${kb2}::uuid`);
    expect(await count("kb_file_term", orgId)).toBe(0);
  });

  // PGlite has one connection: only PostgreSQL can run the two transactions at the same time.
  it.runIf(process.env.TEST_DB === "postgres")(
    "two files of one knowledge base are indexed at once without waiting on each other",
    async () => {
      const orgId = await makeOrg();
      const kb = await makeKb(orgId);
      const first = await makeFile(orgId, kb, [], 1536, "first.txt");
      const second = await makeFile(orgId, kb, [], 1536, "second.txt");
      const chunks = corpus(30, 8).map((content, i) => ({
        chunkIndex: i,
        pageNumber: null,
        content,
        embedding: fakeEmbedding(content, 1536),
      }));
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let written!: () => void;
      const inserted = new Promise<void>((r) => (written = r));
      // The first file's transaction writes the same terms and stays open while the second file is indexed.
      const open = db().transaction(async (tx) => {
        await insertChunks(tx, orgId, kb, first, chunks);
        written();
        await held;
      });
      await inserted;
      await db().transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '2s'`);
        await insertChunks(tx, orgId, kb, second, chunks);
      });
      release();
      await open;
      const { kept, counted } = await dfs(orgId, kb);
      expect(kept).toEqual(counted);
      const perFile = rowsOf<{ file_id: string; n: number }>(
        await db().execute(sql`select file_id, sum(df)::int as n from kb_file_term
        where organization_id = ${orgId} and knowledge_base_id = ${kb}::uuid group by file_id`),
      );
      expect(perFile).toHaveLength(2);
      expect(perFile[0]!.n).toBeGreaterThan(0);
      expect(perFile[0]!.n).toBe(perFile[1]!.n);
    },
  );

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

  it("the impact index holds no organisation; the organisation is checked on the knowledge bases on every path (decision 131)", async () => {
    const orgId = await makeOrg();
    const other = await makeOrg();
    const kb = await makeKb(orgId);
    await makeFile(orgId, kb, corpus(30, 5));
    // The other organisation's own knowledge base holds the query's terms too, so its searches read postings on
    // every path (a term no chunk of the organisation holds has no df there, and is never read).
    const otherKb = await makeKb(other);
    await makeFile(other, otherKb, ["alpha river lantern", "stone alpha meadow", "quiet harbour"]);
    const own = new Set(
      rowsOf<{ id: string | number }>(
        await db().execute(
          sql`select id from kb_chunk where organization_id = ${other} and knowledge_base_id = ${otherKb}::uuid`,
        ),
      ).map((r) => Number(r.id)),
    );
    const def = rowsOf<{ def: string }>(
      await db().execute(sql`select pg_get_indexdef('kb_posting_impact_idx'::regclass) as def`),
    )[0]!.def;
    expect(def).toMatch(/INCLUDE \(chunk_id, tf, doc_len\)$/);
    expect(def).not.toContain("organization_id");
    const q = { kbIds: [kb], query: "alpha river stone", limit: 10, fileFilter: null };
    // Read whole (small collection), cut (early termination with tiny lists), and every posting (N 0).
    for (const run of [
      () => bm25Search(db(), { ...q, orgId }),
      () => withN(2, () => bm25Search(db(), { ...q, orgId })),
      () => withN(0, () => bm25Search(db(), { ...q, orgId })),
    ]) {
      expect((await run()).length).toBeGreaterThan(0);
    }
    // Organisation A's knowledge base asked for by the other organisation, beside its own: only its own chunks.
    const theirs = { ...q, kbIds: [kb, otherKb], orgId: other };
    for (const run of [
      () => bm25Search(db(), theirs),
      () => withN(2, () => bm25Search(db(), theirs)),
      () => withN(0, () => bm25Search(db(), theirs)),
    ]) {
      const hits = await run();
      expect(hits.length).toBeGreaterThan(0);
      expect(hits.filter((h) => !own.has(h.chunkId))).toEqual([]);
    }
  });
});

describe("BM25's posting probes (decision 134)", () => {
  it("the primary key INCLUDEs tf and doc_len, and the rescoring and dense-candidate probes read it alone", async () => {
    const def = rowsOf<{ def: string }>(
      await db().execute(sql`select pg_get_indexdef('kb_posting_pkey'::regclass) as def`),
    )[0]!.def;
    expect(def).toMatch(/\(chunk_id, term\) INCLUDE \(tf, doc_len\)$/);
    const orgId = await makeOrg();
    const kb = await makeKb(orgId);
    await makeFile(orgId, kb, corpus(40, 11));
    const q = { orgId, kbIds: [kb], query: "alpha river stone", limit: 10, fileFilter: null };
    const ids = sql`select id as chunk_id from kb_chunk where organization_id = ${orgId} limit 5`;
    for (const statement of [
      // Early termination with tiny lists: every term is cut, so the best partial scores are rescored by probes.
      () => sql`explain with ${bm25Ctes(q)} ${bm25Top(q)}`,
      () => sql`explain with ${bm25ScoreOf(q, ids)} select * from s`,
    ]) {
      const plan = JSON.stringify(rowsOf(await withN(2, () => db().execute(statement()))));
      expect(plan).toMatch(/Index Only Scan using kb_posting_pkey on kb_posting q/);
      expect(plan).not.toMatch(/kb_posting q[^"]*"[^"]*Filter: \(q\.organization_id/);
    }
  });

  it("the probes score what they scored with the organisation named", async () => {
    const orgId = await makeOrg();
    const kb = await makeKb(orgId);
    await makeFile(orgId, kb, corpus(60, 13));
    for (const query of queries) {
      const q = { orgId, kbIds: [kb], query, limit: 10, fileFilter: null };
      const indexOnly = await withN(3, () => bm25Search(db(), q));
      PROBE.checkOrg = true;
      try {
        expect(indexOnly).toEqual(await withN(3, () => bm25Search(db(), q)));
      } finally {
        PROBE.checkOrg = false;
      }
      expect(indexOnly.length).toBeGreaterThan(0);
    }
  });
});
