// The hybrid legs on two connections (decision 120) against the one-statement path, on PGlite (where the
// two transactions queue on its one connection) and PostgreSQL: the same candidates with the same exact
// scores and ranks, under early termination, file filters, several knowledge bases and another organisation.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import { fakeEmbedding } from "../../../../e2e/support/fake-provider";
import { db } from "../../db/client";
import { getTestContext } from "../../test/context";
import { BM25_TOP } from "./bm25";
import type { Candidate } from "./candidates";
import { parallelCandidates, vectorLegSql } from "./parallel-legs";
import { ONE_MESSAGE } from "./one-message";
import { sqlLiteral } from "./sql-literal";
import { denseSearch, denseSettingsSql } from "./dense";
import { rows } from "./sql-parts";
import { HYBRID, hybridCandidates, searchChunks } from "./search";
import { corpus, expectSameCandidates, makeFile, makeKb, makeOrg } from "./test-fixture";

beforeAll(async () => {
  await getTestContext();
}, 300_000);

const defaults = { ...BM25_TOP };
const hybridDefaults = { ...HYBRID };
afterEach(() => {
  Object.assign(BM25_TOP, defaults);
  Object.assign(HYBRID, hybridDefaults);
  ONE_MESSAGE.enabled = true;
});

function expectSame(parallel: Candidate[], one: Candidate[]) {
  expect(parallel.length).toBeGreaterThan(0);
  expectSameCandidates(parallel, one);
}

describe("hybrid legs on two connections (decision 120)", () => {
  it("give the one statement's candidates, exact scores and ranks, read whole or cut, filtered or not", async () => {
    const orgId = await makeOrg();
    const kb = await makeKb(orgId);
    const kb2 = await makeKb(orgId);
    const texts = corpus(60, 3);
    const a = await makeFile(orgId, kb, texts, 1536, "a.txt");
    const b = await makeFile(orgId, kb, corpus(40, 17), 1536, "b.txt");
    await makeFile(orgId, kb2, corpus(30, 29), 1536, "c.txt");
    const ids = (x: string) => sql`array[${x}]::uuid[]`;
    const filters: Array<SQL | null> = [null, sql`c.file_id = any(${ids(a)})`, sql`c.file_id <> all(${ids(b)})`];
    for (const n of [0, 3, 1_000])
      for (const filter of filters)
        for (const query of ["alpha river", "stone cloud omega", "kappa", "the of", "river's \\ 'alpha'; -- omega"]) {
          BM25_TOP.postingsPerTerm = n;
          BM25_TOP.minChunks = 0;
          const opts = { orgId, kbIds: [kb, kb2], query, embedding: fakeEmbedding(texts[7]!, 1536), limit: 8, filter };
          const one = await db().transaction((tx) => hybridCandidates(tx, opts));
          expectSame(await parallelCandidates(db(), opts), one);
        }
  });

  it("the vector leg's one message searches exactly up to EXACT_MAX_CHUNKS chunks and through the HNSW index above", async () => {
    const orgId = await makeOrg();
    const kb = await makeKb(orgId);
    const texts = corpus(20, 11);
    await makeFile(orgId, kb, texts);
    const q = {
      orgId,
      kbIds: [kb],
      query: "alpha",
      embedding: fakeEmbedding(texts[2]!, 1536),
      limit: 5,
      fileFilter: null,
    };
    for (const strategy of ["exact", "index"] as const) {
      const plan = await db().transaction(async (tx) => {
        await tx.execute(denseSettingsSql(q, strategy));
        return JSON.stringify(rows(await tx.execute(sql`explain analyze ${vectorLegSql({ ...q }, "gated")}`)));
      });
      // The branch not taken is planned but never runs.
      expect(plan).toMatch(/never executed/);
      const hnsw = /Index Scan using kb_chunk_hnsw_1536_idx[^"]*\(actual time/.test(plan);
      expect(hnsw).toBe(strategy === "index");
    }
    const exact = await db().transaction(async (tx) => {
      await tx.execute(denseSettingsSql(q));
      return rows<{ id: string }>(await tx.execute(vectorLegSql(q, "gated"))).map((r) => Number(r.id));
    });
    expect(exact).toEqual((await db().transaction((tx) => denseSearch(tx, q, "exact"))).map((h) => h.chunkId));
  });

  it("values written into a message's text read back as themselves, whatever quotes, backslashes or NUL they hold", async () => {
    const values = ["plain", "o'brien", "back\\slash", "\\'; select 1; --", "E'x'", "nul\0byte", "$$dollar$$", ""];
    for (const v of values) {
      const lit = sqlLiteral(v);
      const [row] = rows<{ v: string }>(await db().execute(sql.raw(`select ${lit}::text as v`)));
      expect(row!.v).toBe(v.replaceAll("\0", ""));
    }
    // With standard_conforming_strings off, a backslash escapes in '…' but not in E'…' written as it is.
    await db().transaction(async (tx) => {
      await tx.execute(sql`set local standard_conforming_strings = off`);
      const [row] = rows<{ v: string }>(await tx.execute(sql.raw(`select ${sqlLiteral("a\\' or 1=1 --")}::text as v`)));
      expect(row!.v).toBe("a\\' or 1=1 --");
    });
  });

  it("search results are the one statement's, and another organisation's knowledge base gives nothing", async () => {
    const orgId = await makeOrg();
    const other = await makeOrg();
    const kb = await makeKb(orgId);
    const texts = corpus(50, 5);
    await makeFile(orgId, kb, texts);
    for (const query of ["alpha river", "sigma zeta theta lambda"]) {
      const opts = {
        knowledgeBaseIds: [kb],
        query,
        queryEmbedding: fakeEmbedding(texts[3]!, 1536),
        topK: 10,
        mode: "hybrid" as const,
      };
      HYBRID.parallel = true;
      const parallel = await searchChunks(orgId, opts);
      expect(await searchChunks(other, opts)).toEqual([]);
      HYBRID.parallel = false;
      const one = await searchChunks(orgId, opts);
      const columns = (hits: typeof one) => hits.map(({ similarityScore: _, ...h }) => h);
      expect(columns(parallel)).toEqual(columns(one));
      parallel.forEach((h, i) => expect(h.similarityScore).toBeCloseTo(one[i]!.similarityScore, 12));
    }
  });
});
