// Search statements prepared once per connection (decision 133), on PGlite and PostgreSQL: one statement a
// shape whatever the query, run on its generic plan, the same candidates as unprepared, the HNSW index still
// taken, values with quotes and backslashes read back as themselves, and a connection whose statements are
// not what was recorded (deallocated, or prepared by someone else) still answers.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { Pool } from "pg";
import { PgDialect } from "drizzle-orm/pg-core";
import { fakeEmbedding } from "../../../../e2e/support/fake-provider";
import { drizzle } from "drizzle-orm/node-postgres";
import { db, driverOf, setDb, type Db } from "../../db/client";
import { getTestContext } from "../../test/context";
import { BM25_TOP } from "./bm25";
import { denseSettingsSql } from "./dense";
import { inOneMessage } from "./one-message";
import { parallelCandidates, textLegSql, vectorLegSql } from "./parallel-legs";
import { GENERIC_PLAN, PREPARED, argLiteral, preparedRun } from "./prepared";
import { rows } from "./sql-parts";
import { hybridCandidates, searchChunks } from "./search";
import { corpus, expectSameCandidates, makeFile, makeKb, makeOrg } from "./test-fixture";

beforeAll(async () => {
  await getTestContext();
}, 300_000);

const defaults = { ...PREPARED };
const bm25Defaults = { ...BM25_TOP };
afterEach(() => {
  Object.assign(PREPARED, defaults);
  Object.assign(BM25_TOP, bm25Defaults);
});

const QUERIES = ["alpha river", "stone cloud omega", "kappa", "the of", "river's \\ 'alpha'; -- omega"];

async function fixture() {
  const orgId = await makeOrg();
  const kb = await makeKb(orgId);
  const texts = corpus(60, 7);
  const file = await makeFile(orgId, kb, texts);
  return { orgId, kb, texts, file };
}

/** On PostgreSQL: a pool of one connection, so what it holds prepared is what one session holds. */
function onePool(): Pool | null {
  const driver = driverOf(db());
  return "pool" in driver ? new Pool({ ...driver.pool.options, max: 1 }) : null;
}

const prepared = async (q: { query: (text: string) => Promise<unknown> }) =>
  rows<{ name: string; generic_plans: string | number; custom_plans: string | number }>(
    await q.query(
      "select name, generic_plans, custom_plans from pg_prepared_statements where name like 'kb\\_%' order by name",
    ),
  ).map((r) => ({ name: r.name, generic: Number(r.generic_plans), custom: Number(r.custom_plans) }));

describe("search statements prepared once a connection (decision 133)", () => {
  it("hybrid candidates are the unprepared ones, for every query, filtered or not", async () => {
    const { orgId, kb, texts, file } = await fixture();
    for (const filter of [null, sql`c.file_id = any(array[${file}]::uuid[])`])
      for (const query of QUERIES) {
        const opts = { orgId, kbIds: [kb], query, embedding: fakeEmbedding(texts[5]!, 1536), limit: 8, filter };
        PREPARED.enabled = false;
        const plain = await db().transaction((tx) => hybridCandidates(tx, opts));
        const plainPar = await parallelCandidates(db(), opts);
        PREPARED.enabled = true;
        const one = await db().transaction((tx) => hybridCandidates(tx, opts));
        const par = await parallelCandidates(db(), opts);
        expectSameCandidates(one, plain);
        expectSameCandidates(par, plainPar);
        if (query !== "the of") expect(plain.some((c) => c.textRank !== null)).toBe(true);
      }
  });

  it("one statement a shape on a connection, whatever the query, run on its generic plan", async () => {
    const { orgId, kb, texts } = await fixture();
    const pool = onePool();
    if (pool) {
      try {
        // The product's two legs, on a handle whose pool is this one connection.
        const handle = drizzle({ client: pool }) as unknown as Db;
        for (const query of QUERIES) {
          const opts = { orgId, kbIds: [kb], query, embedding: fakeEmbedding(texts[3]!, 1536), limit: 8, filter: null };
          await parallelCandidates(handle, opts);
        }
        const held = await prepared(pool);
        // One statement a leg for the five queries: planned once, then run on that plan (no custom plan).
        expect(held).toHaveLength(2);
        for (const h of held) expect(h).toMatchObject({ generic: QUERIES.length, custom: 0 });
      } finally {
        await pool.end();
      }
    } else {
      const before = new Map(
        (await prepared((driverOf(db()) as { pglite: { query: (t: string) => Promise<unknown> } }).pglite)).map((p) => [
          p.name,
          p.generic,
        ]),
      );
      for (const query of QUERIES) {
        const opts = { orgId, kbIds: [kb], query, embedding: fakeEmbedding(texts[3]!, 1536), limit: 8, filter: null };
        await db().transaction((tx) => hybridCandidates(tx, opts));
      }
      const grown = (
        await prepared((driverOf(db()) as { pglite: { query: (t: string) => Promise<unknown> } }).pglite)
      ).filter((p) => p.generic > (before.get(p.name) ?? 0));
      expect(grown).toHaveLength(1);
      expect(grown[0]!.generic - (before.get(grown[0]!.name) ?? 0)).toBe(QUERIES.length);
      expect(grown[0]!.custom).toBe(0);
    }
  });

  it("text and vector modes give the unprepared results, and run one prepared statement each", async () => {
    const { orgId, kb, texts, file } = await fixture();
    const search = (query: string, mode: "text" | "vector", includeFileIds?: string[]) =>
      searchChunks(orgId, {
        knowledgeBaseIds: [kb],
        query,
        queryEmbedding: mode === "vector" ? fakeEmbedding(`${query} ${texts[9]}`, 1536) : null,
        topK: 7,
        mode,
        includeFileIds,
      });
    for (const mode of ["text", "vector"] as const)
      for (const query of QUERIES)
        for (const files of [undefined, [file]]) {
          PREPARED.enabled = false;
          const plain = await search(query, mode, files);
          PREPARED.enabled = true;
          const got = await search(query, mode, files);
          expect(got.map((h) => [h.chunkId, h.searchType])).toEqual(plain.map((h) => [h.chunkId, h.searchType]));
          got.forEach((h, i) => expect(h.similarityScore).toBeCloseTo(plain[i]!.similarityScore, 12));
          if (mode === "vector" || query !== "the of") expect(plain.length).toBeGreaterThan(0);
        }
    // On one session: each mode's statement prepared once and run on its generic plan.
    const pool = onePool();
    const session = pool ?? (driverOf(db()) as { pglite: { query: (t: string) => Promise<unknown> } }).pglite;
    const original = db();
    const before = new Map((await prepared(session)).map((p) => [p.name, p.generic]));
    if (pool) setDb(drizzle({ client: pool }) as unknown as Db);
    try {
      for (const query of QUERIES) {
        await search(query, "text");
        await search(query, "vector");
      }
      const grown = (await prepared(session)).filter((p) => p.generic > (before.get(p.name) ?? 0));
      expect(grown.map((p) => p.generic - (before.get(p.name) ?? 0))).toEqual([QUERIES.length, QUERIES.length]);
      for (const p of grown) expect(p.custom).toBe(0);
    } finally {
      setDb(original);
      await pool?.end();
    }
  });

  it("the vector leg's generic plan walks the HNSW index above EXACT_MAX_CHUNKS", async () => {
    const { orgId, kb, texts } = await fixture();
    const q = {
      orgId,
      kbIds: [kb],
      query: "alpha",
      embedding: fakeEmbedding(texts[2]!, 1536),
      limit: 5,
      fileFilter: null,
    };
    const explainOf = (execute: string) => `explain (analyze, costs off) ${execute}`;
    const planText = (result: unknown) =>
      rows<Record<string, string>>(result)
        .map((r) => Object.values(r)[0])
        .join("\n");
    const settings = new PgDialect().sqlToQuery(denseSettingsSql(q, "index").inlineParams()).sql;
    const pool = onePool();
    if (pool) {
      try {
        // Prepared by a search on the session, then its EXECUTE explained there under the index strategy's settings.
        await inOneMessage(pool, [denseSettingsSql(q, "index"), vectorLegSql(q, "gated")]);
        const client = await pool.connect();
        try {
          const run = preparedRun(client, vectorLegSql(q, "gated"));
          expect(run.before).toEqual([]);
          const result = (await client.query(`begin; ${settings}; ${explainOf(run.execute)}`)) as unknown as unknown[];
          await client.query("commit");
          expect(planText(result[2])).toMatch(/Index Scan using kb_chunk_hnsw_1536_idx/);
        } finally {
          client.release();
        }
      } finally {
        await pool.end();
      }
    } else {
      const pglite = (driverOf(db()) as { pglite: object }).pglite;
      const plan = await db().transaction(async (tx) => {
        await tx.execute(sql.raw(settings));
        const run = preparedRun(pglite, vectorLegSql(q, "gated"));
        for (const s of run.before) await tx.execute(sql.raw(s));
        run.done();
        return planText(await tx.execute(sql.raw(explainOf(run.execute))));
      });
      expect(plan).toMatch(/Index Scan using kb_chunk_hnsw_1536_idx/);
    }
  });

  it("a connection whose statements were deallocated, or prepared by someone else, still answers", async () => {
    const pool = onePool();
    if (!pool) return; // PGlite's one session is this process's alone.
    const { orgId, kb, texts } = await fixture();
    const leg = (query: string) => {
      const q = { orgId, kbIds: [kb], query, embedding: fakeEmbedding(texts[4]!, 1536), limit: 8, fileFilter: null };
      return [sql`select set_config('jit', 'off', true), ${sql.raw(GENERIC_PLAN)}`, textLegSql(q)];
    };
    const ids = (result: unknown) => rows<{ id: string }>(result).map((r) => r.id);
    try {
      PREPARED.enabled = false;
      const expected = ids(await inOneMessage(pool, leg("alpha river")));
      expect(expected.length).toBeGreaterThan(0);
      PREPARED.enabled = true;
      expect(ids(await inOneMessage(pool, leg("alpha river")))).toEqual(expected);
      // DISCARD / a pooler: the statement is gone from the session though this process recorded it.
      await pool.query("deallocate all");
      expect(ids(await inOneMessage(pool, leg("alpha river")))).toEqual(expected);
      expect(ids(await inOneMessage(pool, leg("alpha river")))).toEqual(expected);
      expect(await prepared(pool)).toHaveLength(1);
      // Someone else prepared every name this process will use: no search fails for it.
      await pool.query("deallocate all");
      const fresh = new Pool({ ...(pool.options as object), max: 1 });
      try {
        // The chat's protocol-level named statements (decision 109) share the connection: they must survive.
        const named = { name: "sb_probe_133", text: "select 1 as one" };
        expect((await fresh.query(named)).rows).toEqual([{ one: 1 }]);
        const client = await fresh.connect();
        const run = preparedRun({}, leg("x")[1]!);
        await client.query(run.before.join(";"));
        client.release();
        expect(ids(await inOneMessage(fresh, leg("alpha river")))).toEqual(expected);
        expect(ids(await inOneMessage(fresh, leg("alpha river")))).toEqual(expected);
        // The first search found the name taken and ran unprepared; the second executed the statement held.
        expect(await prepared(fresh)).toMatchObject([{ generic: 1, custom: 0 }]);
        expect((await fresh.query(named)).rows).toEqual([{ one: 1 }]);
      } finally {
        await fresh.end();
      }
    } finally {
      await pool.end();
    }
  });

  it("at most PREPARED.perConnection statements a connection, least recently used deallocated first", async () => {
    const { orgId, kb, texts, file } = await fixture();
    PREPARED.perConnection = 2;
    const pool = onePool();
    const q = { orgId, kbIds: [kb], query: "alpha", embedding: fakeEmbedding(texts[1]!, 1536), limit: 8 };
    const shapes = [
      () => [sql`select 1`, textLegSql({ ...q, fileFilter: null })],
      () => [sql`select 1`, textLegSql({ ...q, fileFilter: sql`c.file_id = any(array[${file}]::uuid[])` })],
      () => [denseSettingsSql({ ...q, fileFilter: null }), vectorLegSql({ ...q, fileFilter: null }, "gated")],
    ];
    if (!pool) {
      // PGlite: the record and the session agree after evictions (no search fails on a missing statement).
      for (let round = 0; round < 2; round++)
        for (const query of ["alpha", "beta river"]) {
          const opts = { orgId, kbIds: [kb], query, embedding: fakeEmbedding(texts[1]!, 1536), limit: 8 };
          for (const filter of [null, sql`c.file_id = any(array[${file}]::uuid[])`])
            await db().transaction((tx) => hybridCandidates(tx, { ...opts, filter }));
        }
      return;
    }
    try {
      const named = { name: "sb_probe_133", text: "select 1 as one" };
      await pool.query(named);
      for (let round = 0; round < 3; round++)
        for (const shape of shapes) expect(rows(await inOneMessage(pool, shape())).length).toBeGreaterThan(0);
      expect(await prepared(pool)).toHaveLength(2);
      // Evictions deallocate this module's names only: the chat's named statements stay (decision 109).
      expect((await pool.query(named)).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });

  it("EXECUTE's arguments: strings quoted, numbers as they are, nothing else", () => {
    expect(argLiteral("o'brien")).toBe("'o''brien'");
    expect(argLiteral("a\\b")).toBe(" E'a\\\\b'");
    expect(argLiteral(40)).toBe("40");
    expect(argLiteral(null)).toBe("null");
    expect(() => argLiteral({})).toThrow();
    expect(() => argLiteral(Number.NaN)).toThrow();
  });
});
