// The knowledge bases' df rollups (decision 135) on PGlite and PostgreSQL: indexed files taken in, files leaving
// before their statistics go, a rollup bypassed by a cascade no longer trusted and rebuilt, and BM25's scores the
// per-file rows' in every state.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { fakeEmbedding } from "../../../../e2e/support/fake-provider";
import { db } from "../../db/client";
import { getTestContext } from "../../test/context";
import { BM25_TOP, ROLLUP, bm25Search, type Bm25Hit } from "./bm25";
import { deleteFileChunks, deleteKbChunks, insertChunks } from "./chunks";
import { ROLLUP_FILES_PER_TX, leaveRollup, requestRollup, rollUp } from "./rollup";
import { denseSettingsSql } from "./dense";
import { parallelCandidates } from "./parallel-legs";
import { rows } from "./sql-parts";
import { corpus, makeFile, makeKb, makeOrg } from "./test-fixture";

beforeAll(async () => {
  await getTestContext();
}, 300_000);

const defaults = { ...BM25_TOP };
afterEach(() => {
  Object.assign(BM25_TOP, defaults);
  ROLLUP.enabled = true;
});

/** Early termination whatever the size (so the df is read from the kept statistics, not counted). */
function cut() {
  BM25_TOP.postingsPerTerm = 3;
  BM25_TOP.minChunks = 0;
}

/** A file of `texts`, marked indexed as the worker leaves it. */
async function indexedFile(orgId: string, kbId: string, texts: string[], name = "doc.txt") {
  const id = await makeFile(orgId, kbId, texts, 1536, name);
  await db().execute(
    sql`update kb_file set processing_status = 'indexed' where organization_id = ${orgId} and id = ${id}::uuid`,
  );
  return id;
}

/** The rollup's df per term (zeros left out), and the postings' count per term, of a knowledge base. */
async function dfs(orgId: string, kbId: string) {
  const rolled = rows<{ term: string; df: number }>(
    await db().execute(sql`select term, df from kb_term_rollup
      where organization_id = ${orgId} and knowledge_base_id = ${kbId}::uuid and df <> 0 order by term`),
  );
  const counted = rows<{ term: string; df: number }>(
    await db().execute(sql`select term, count(*)::int as df from kb_posting p
      where organization_id = ${orgId} and knowledge_base_id = ${kbId}::uuid
        and chunk_id in (select c.id from kb_chunk c join kb_file_index_stat s on s.file_id = c.file_id
          where c.organization_id = ${orgId} and s.rolled_up)
      group by term order by term`),
  );
  return { rolled, counted };
}

/** Whether a search trusts the knowledge base's rollup (bm25.ts `ro`), and whether it adds up to its files' rows. */
async function current(orgId: string, kbId: string): Promise<boolean> {
  const [r] = rows<{ trusted: boolean; exact: boolean }>(
    await db().execute(sql`
      select coalesce(not r.stale, false) as trusted,
        coalesce(r.files = a.rf and r.chunk_count = a.rn and r.total_len = a.rl, false) as exact
      from (select count(*) filter (where rolled_up)::int as rf, coalesce(sum(chunk_count) filter (where rolled_up), 0) as rn,
              coalesce(sum(total_len) filter (where rolled_up), 0) as rl
            from kb_file_index_stat where organization_id = ${orgId} and knowledge_base_id = ${kbId}::uuid) a
      left join kb_index_rollup r on r.organization_id = ${orgId} and r.knowledge_base_id = ${kbId}::uuid`),
  );
  // A trusted rollup must add up; an untrusted one may not.
  if (r!.trusted) expect(r!.exact).toBe(true);
  return r!.trusted;
}

const queries = ["alpha river", "stone cloud omega", "kappa", "beta beta gamma delta", "sigma zeta theta lambda"];

/** The collection size the vector leg's gate reads (dense.ts denseSettingsSql, decision 136). */
function gateSize(orgId: string, kbIds: string[]): Promise<number> {
  return db().transaction(async (tx) => {
    await tx.execute(
      denseSettingsSql({ orgId, kbIds, embedding: fakeEmbedding("x", 1536), limit: 10, fileFilter: null }),
    );
    return Number(
      rows<{ n: string }>(await tx.execute(sql`select current_setting('switchboard.kb_chunks') as n`))[0]!.n,
    );
  });
}

/** BM25 and the vector leg's size gate with the rollups and with the per-file rows only: the same chunks, scores and size. */
async function expectPerFileScores(orgId: string, kbIds: string[]) {
  ROLLUP.enabled = false;
  const perFileSize = await gateSize(orgId, kbIds);
  ROLLUP.enabled = true;
  expect(await gateSize(orgId, kbIds)).toBe(perFileSize);
  cut();
  let hits = 0;
  for (const query of queries) {
    const q = { orgId, kbIds, query, limit: 10, fileFilter: null };
    ROLLUP.enabled = true;
    const withRollup = await bm25Search(db(), q);
    ROLLUP.enabled = false;
    const perFile = await bm25Search(db(), q);
    ROLLUP.enabled = true;
    expect(withRollup.map((h) => h.chunkId)).toEqual(perFile.map((h) => h.chunkId));
    withRollup.forEach((h, i) => expect(h.score).toBeCloseTo(perFile[i]!.score, 12));
    hits += withRollup.length;
  }
  expect(hits).toBeGreaterThan(0);
}

/** Sets one term's rolled-up df to a wrong value: a search that reads the rollup scores differently. */
const spoil = (orgId: string, kbId: string) =>
  db().execute(sql`update kb_term_rollup set df = df + 40
    where organization_id = ${orgId} and knowledge_base_id = ${kbId}::uuid and term = 'alpha'`);

async function alphaScores(orgId: string, kbIds: string[]): Promise<Bm25Hit[]> {
  cut();
  return bm25Search(db(), { orgId, kbIds, query: "alpha river", limit: 10, fileFilter: null });
}

describe("knowledge-base df rollups (decision 135)", () => {
  it("indexed files are taken in, a few a transaction; searches read the rollup and score as the per-file rows", async () => {
    const orgId = await makeOrg();
    const kb = await makeKb(orgId);
    for (let i = 0; i < ROLLUP_FILES_PER_TX + 3; i++) await indexedFile(orgId, kb, corpus(4, 30 + i), `f${i}.txt`);
    // A file still being indexed stays out: its statistics may still grow.
    await makeFile(orgId, kb, corpus(5, 99), 1536, "indexing.txt");
    expect(await rollUp(orgId, kb)).toBe(ROLLUP_FILES_PER_TX + 3);
    const { rolled, counted } = await dfs(orgId, kb);
    expect(counted.length).toBeGreaterThan(5);
    expect(rolled).toEqual(counted);
    expect(await current(orgId, kb)).toBe(true);
    await expectPerFileScores(orgId, [kb]);
    // The search reads it: a wrong rolled-up df changes the scores.
    const before = await alphaScores(orgId, [kb]);
    await spoil(orgId, kb);
    expect((await alphaScores(orgId, [kb]))[0]!.score).not.toBeCloseTo(before[0]!.score, 6);
    ROLLUP.enabled = false;
    expect(await alphaScores(orgId, [kb])).toEqual(before);
    // The vector leg's size gate reads the rollup's chunk count too.
    const size = await gateSize(orgId, [kb]);
    ROLLUP.enabled = true;
    expect(await gateSize(orgId, [kb])).toBe(size);
    await db().execute(sql`update kb_index_rollup set chunk_count = chunk_count + 5000
      where organization_id = ${orgId} and knowledge_base_id = ${kb}::uuid`);
    expect(await gateSize(orgId, [kb])).toBe(size + 5000);
  });

  it("a file indexed after the rollup is counted from its own rows until it is taken in", async () => {
    const orgId = await makeOrg();
    const kb = await makeKb(orgId);
    await indexedFile(orgId, kb, corpus(30, 5), "a.txt");
    await rollUp(orgId, kb);
    await indexedFile(orgId, kb, corpus(20, 6), "b.txt");
    expect(await current(orgId, kb)).toBe(true);
    await expectPerFileScores(orgId, [kb]);
    await requestRollup(orgId, kb);
    const { rolled, counted } = await dfs(orgId, kb);
    expect(rolled).toEqual(counted);
    expect(
      rows<{ n: number }>(
        await db().execute(sql`select count(*)::int as n from kb_file_index_stat
      where organization_id = ${orgId} and knowledge_base_id = ${kb}::uuid and rolled_up`),
      )[0]!.n,
    ).toBe(2);
    await expectPerFileScores(orgId, [kb]);
  });

  it("a file deleted or re-indexed leaves the rollup first: it stays current and exact", async () => {
    const orgId = await makeOrg();
    const kb = await makeKb(orgId);
    const a = await indexedFile(orgId, kb, corpus(30, 5), "a.txt");
    const b = await indexedFile(orgId, kb, corpus(25, 7), "b.txt");
    await indexedFile(orgId, kb, corpus(20, 8), "c.txt");
    await rollUp(orgId, kb);
    // Re-indexing starts from nothing (deleteFileChunks), then writes the file again.
    await db().transaction((tx) => deleteFileChunks(tx, orgId, a));
    expect(await current(orgId, kb)).toBe(true);
    let { rolled, counted } = await dfs(orgId, kb);
    expect(rolled).toEqual(counted);
    await expectPerFileScores(orgId, [kb]);
    await db().transaction((tx) =>
      insertChunks(tx, orgId, kb, a, [
        { chunkIndex: 0, pageNumber: 1, content: "alpha river alpha", embedding: fakeEmbedding("x", 1536) },
      ]),
    );
    await expectPerFileScores(orgId, [kb]);
    // The API's delete: out of the rollup, then the row and its cascade, in one transaction.
    await db().transaction(async (tx) => {
      await leaveRollup(tx, orgId, b);
      await tx.execute(sql`delete from kb_file where organization_id = ${orgId} and id = ${b}::uuid`);
    });
    expect(await current(orgId, kb)).toBe(true);
    ({ rolled, counted } = await dfs(orgId, kb));
    expect(rolled).toEqual(counted);
    await expectPerFileScores(orgId, [kb]);
    await rollUp(orgId, kb);
    ({ rolled, counted } = await dfs(orgId, kb));
    expect(rolled).toEqual(counted);
  });

  // Paths that change a rolled-up file's statistics without taking it out of the rollup first.
  const bypasses: Array<[string, (orgId: string, kb: string, fileId: string) => Promise<unknown>]> = [
    [
      "its row removed by a cascade alone",
      (orgId, _kb, fileId) =>
        db().execute(sql`delete from kb_file where organization_id = ${orgId} and id = ${fileId}::uuid`),
    ],
    [
      "a batch written into it",
      (orgId, kb, fileId) =>
        db().transaction((tx) =>
          insertChunks(tx, orgId, kb, fileId, [
            { chunkIndex: 30, pageNumber: 31, content: "alpha river alpha", embedding: fakeEmbedding("x", 1536) },
          ]),
        ),
    ],
  ];
  it.each(bypasses)(
    "a rolled-up file with %s makes the rollup untrusted until the next job rebuilds it",
    async (_name, bypass) => {
      const orgId = await makeOrg();
      const kb = await makeKb(orgId);
      await indexedFile(orgId, kb, corpus(30, 5), "a.txt");
      const b = await indexedFile(orgId, kb, corpus(25, 7), "b.txt");
      await rollUp(orgId, kb);
      await spoil(orgId, kb);
      await bypass(orgId, kb, b);
      expect(await current(orgId, kb)).toBe(false);
      // Not read while untrusted: the per-file rows' scores, not the spoiled df's.
      await expectPerFileScores(orgId, [kb]);
      await rollUp(orgId, kb);
      expect(await current(orgId, kb)).toBe(true);
      const { rolled, counted } = await dfs(orgId, kb);
      expect(rolled).toEqual(counted);
      await expectPerFileScores(orgId, [kb]);
    },
  );

  it("several knowledge bases, current or not, score as the per-file rows; another organisation gets nothing", async () => {
    const orgId = await makeOrg();
    const [one, two, three] = [await makeKb(orgId), await makeKb(orgId), await makeKb(orgId)];
    await indexedFile(orgId, one, corpus(30, 5));
    await indexedFile(orgId, two, corpus(25, 7));
    await indexedFile(orgId, three, corpus(20, 9));
    await rollUp(orgId, one);
    await rollUp(orgId, two);
    await indexedFile(orgId, two, corpus(10, 11), "later.txt");
    await expectPerFileScores(orgId, [one, two, three]);
    const other = await makeOrg();
    expect(await gateSize(other, [one, two])).toBe(0);
    cut();
    expect(
      await bm25Search(db(), { orgId: other, kbIds: [one, two], query: "alpha river", limit: 10, fileFilter: null }),
    ).toEqual([]);
    const legs = await parallelCandidates(db(), {
      orgId: other,
      kbIds: [one, two],
      query: "alpha river",
      embedding: fakeEmbedding("alpha river", 1536),
      limit: 10,
      filter: null,
    });
    expect(legs).toEqual([]);
  });

  it("the hybrid legs' BM25 (the vector leg's candidates too) is the per-file rows' with a rollup", async () => {
    const orgId = await makeOrg();
    const kb = await makeKb(orgId);
    await indexedFile(orgId, kb, corpus(40, 5), "a.txt");
    await indexedFile(orgId, kb, corpus(30, 7), "b.txt");
    await rollUp(orgId, kb);
    cut();
    for (const query of queries) {
      const opts = { orgId, kbIds: [kb], query, embedding: fakeEmbedding(query, 1536), limit: 10, filter: null };
      const withRollup = await parallelCandidates(db(), opts);
      ROLLUP.enabled = false;
      const perFile = await parallelCandidates(db(), opts);
      ROLLUP.enabled = true;
      expect(withRollup.length).toBeGreaterThan(0);
      expect(withRollup.map((c) => c.chunkId)).toEqual(perFile.map((c) => c.chunkId));
      withRollup.forEach((c, i) => expect(c.bm25).toBeCloseTo(perFile[i]!.bm25, 12));
    }
  });

  it("a deleted knowledge base leaves no rollup rows", async () => {
    const orgId = await makeOrg();
    const kb = await makeKb(orgId);
    await indexedFile(orgId, kb, corpus(20, 5));
    await rollUp(orgId, kb);
    await db().transaction((tx) => deleteKbChunks(tx, orgId, kb));
    const kb2 = await makeKb(orgId);
    await indexedFile(orgId, kb2, corpus(20, 6));
    await rollUp(orgId, kb2);
    await db().execute(sql`delete from knowledge_base where organization_id = ${orgId} and id = ${kb2}::uuid`);
    for (const table of ["kb_term_rollup", "kb_index_rollup"])
      expect(
        rows<{ n: number }>(
          await db().execute(
            sql`select count(*)::int as n from ${sql.identifier(table)} where organization_id = ${orgId}`,
          ),
        )[0]!.n,
      ).toBe(0);
    // A job for a knowledge base that is gone does nothing.
    expect(await rollUp(orgId, kb2)).toBe(0);
  });

  // PGlite has one connection: only PostgreSQL can hold the two transactions at once.
  it.runIf(process.env.TEST_DB === "postgres")(
    "a file of the knowledge base is indexed while a file leaving its rollup holds the rollup's lock",
    async () => {
      const orgId = await makeOrg();
      const kb = await makeKb(orgId);
      const a = await indexedFile(orgId, kb, corpus(30, 5), "a.txt");
      await rollUp(orgId, kb);
      const next = await makeFile(orgId, kb, [], 1536, "next.txt");
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let left!: () => void;
      const leaving = new Promise<void>((r) => (left = r));
      const open = db().transaction(async (tx) => {
        await leaveRollup(tx, orgId, a);
        left();
        await held;
      });
      await leaving;
      await db().transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '2s'`);
        await insertChunks(
          tx,
          orgId,
          kb,
          next,
          corpus(30, 5).map((content, i) => ({
            chunkIndex: i,
            pageNumber: null,
            content,
            embedding: fakeEmbedding(content, 1536),
          })),
        );
      });
      release();
      await open;
      expect(await current(orgId, kb)).toBe(true);
    },
  );
});
