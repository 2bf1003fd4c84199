// Knowledge-base search: BM25 and vector candidates fused by a convex combination of normalised scores
// (decisions 048, 095),
// restricted to the organisation and the given knowledge bases.
import { sql, type SQL } from "drizzle-orm";
import { db, driverOf } from "../../db/client";
import { bm25Ctes, bm25Hits, bm25Sql, bm25Top, type Bm25Hit } from "./bm25";
import {
  denseHits,
  denseSelect,
  denseSettings,
  denseSettingsSql,
  denseSql,
  gatedDenseSql,
  type DenseHit,
  type DenseQuery,
} from "./dense";
import { exactParam, rows, textArray, type Queryable } from "./sql-parts";
import type { SearchHit, SearchOptions } from "./types";
import { candidatesOf, cosineOf, type Candidate } from "./candidates";
import { parallelCandidates } from "./parallel-legs";
import { GENERIC_PLAN, executePrepared } from "./prepared";
import { ONE_MESSAGE, inOneMessage } from "./one-message";
import { isUuid } from "../../db/row-id";

export type { Candidate } from "./candidates";

/**
 * Hybrid fusion (decision 095): a convex combination of both legs' scores over the union of their
 * candidates, every candidate scored by both legs (a chunk one leg did not retrieve still gets that
 * leg's real score, not a zero), each score normalised by its theoretical minimum and the query's best:
 * BM25 / best BM25, (cosine + 1) / (best cosine + 1). vectorWeight is the convex weight α of the
 * vector leg; 0.5 weighs the legs equally. Measured in bench/kb/scifact.ts.
 */
export const FUSION = { vectorWeight: 0.5 };

/** Ids that are not uuids cannot name a chunk's file or knowledge base: they match nothing. */
const uuids = (ids: readonly string[] | undefined) => (ids ?? []).filter(isUuid);

function fileFilter(opts: SearchOptions): SQL | null {
  const parts: SQL[] = [];
  if (opts.includeFileIds) parts.push(sql`c.file_id = any(${textArray(uuids(opts.includeFileIds))}::uuid[])`);
  const excluded = uuids(opts.excludeFileIds);
  if (excluded.length > 0) parts.push(sql`c.file_id <> all(${textArray(excluded)}::uuid[])`);
  return parts.length > 0 ? sql.join(parts, sql` and `) : null;
}

interface Fused {
  chunkId: number;
  searchType: "vector" | "text";
  similarityScore: number;
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/** The hybrid statement (benches explain it as the product runs it, after denseSettings). */
export function hybridSql(q: DenseQuery & { query: string }, exact: boolean): SQL {
  const { orgId, kbIds, query, embedding, limit, fileFilter } = q;
  return sql`
    with dense as materialized (${denseSelect(q, exact)}),
    ${bm25Ctes({ orgId, kbIds, query, limit, fileFilter }, sql`select id from dense`)},
    top as materialized (${bm25Top({ orgId, kbIds, query, limit, fileFilter })})
    select 0 as leg, d.id, d.distance, coalesce(s.score, 0) as bm25 from dense d left join s on s.chunk_id = d.id
    union all
    select 1, t.chunk_id, coalesce(
      (select d.distance from dense d where d.id = t.chunk_id),
      (select c.embedding <=> ${exactParam(embedding)} from kb_chunk c
        where c.organization_id = ${orgId} and c.id = t.chunk_id and c.dims = ${sql.raw(String(embedding.length))})
    ), t.score
    from top t`;
}

/**
 * A search statement in a transaction: prepared on PGlite's one session (decision 133). A pooled PostgreSQL
 * transaction's connection is not known here, so there it runs as it is (PostgreSQL's searches take the
 * one-message paths, prepared there).
 */
function runSearch(tx: Queryable, statement: SQL): Promise<unknown> {
  const driver = driverOf(db());
  return "pglite" in driver ? executePrepared(tx, driver.pglite, statement) : tx.execute(statement);
}

/** The settings of a BM25 statement: no JIT (see searchChunks), its generic plan once prepared (decision 133). */
const TEXT_SETTINGS = sql`select set_config('jit', 'off', true), ${sql.raw(GENERIC_PLAN)}`;

const textFused = (hits: Bm25Hit[]): Fused[] => {
  const best = hits[0]?.score ?? 0;
  return hits.map((h) => ({ chunkId: h.chunkId, searchType: "text", similarityScore: best > 0 ? h.score / best : 0 }));
};
const vectorFused = (hits: DenseHit[]): Fused[] =>
  hits.map((h) => ({ chunkId: h.chunkId, searchType: "vector", similarityScore: clamp01(h.similarity) }));

/**
 * Both legs' candidates, each scored by both legs, in one statement after the settings' round trip:
 * the dense leg's `limit` nearest chunks with the BM25 of each, BM25's `limit` best with the cosine of
 * each (taken from the dense leg's rows when it retrieved the chunk too, else read by primary key).
 */
export async function hybridCandidates(
  tx: Queryable,
  opts: { orgId: string; kbIds: string[]; query: string; embedding: number[]; limit: number; filter: SQL | null },
): Promise<Candidate[]> {
  const { orgId, kbIds, query, embedding, limit, filter } = opts;
  const dq = { orgId, kbIds, embedding, limit, fileFilter: filter };
  const { exact } = await denseSettings(tx, dq);
  const result = await runSearch(tx, hybridSql({ ...dq, query }, exact));
  const all = rows<{ leg: number; id: string | number; distance: number | string | null; bm25: number | string }>(
    result,
  ).map((r) => ({ leg: Number(r.leg), chunkId: Number(r.id), cosine: cosineOf(r.distance), bm25: Number(r.bm25) }));
  return candidatesOf(
    all.filter((r) => r.leg === 0),
    all.filter((r) => r.leg === 1),
  );
}

/**
 * candidates: how many chunks each leg hands to the fusion (at least topK). 40 (decision 127): SciFact's
 * nDCG@10 is the same with 20, 40 or 100 (0.6861), the top 10 of 150 claims at 10,000 chunks the same as
 * with 100, and each candidate costs its vector's read (the other leg's score): hybrid p50/p95 on PGlite
 * 40.5/62.2 → 35.2/52.1 ms, interleaved (bench/kb/candidates-ab.ts).
 * parallel: whether a hybrid search runs its legs on two connections at once (decision 120), on
 * PostgreSQL's pool; PGlite has one connection, where the one-statement path (hybridSql) is the faster.
 */
export const HYBRID = { candidates: 40, parallel: true };

export async function searchChunks(orgId: string, opts: SearchOptions): Promise<SearchHit[]> {
  const kbIds = uuids(opts.knowledgeBaseIds);
  const query = opts.query.trim();
  if (kbIds.length === 0 || opts.topK < 1) return [];
  const useText = opts.mode !== "vector" && query.length > 0;
  const useVector = opts.mode !== "text" && opts.queryEmbedding !== null && opts.queryEmbedding.length > 0;
  const limit = Math.max(opts.topK, opts.mode === "hybrid" ? HYBRID.candidates : 0);
  const filter = fileFilter(opts);
  const hybrid = { orgId, kbIds, query, embedding: opts.queryEmbedding!, limit, filter };

  const text = { orgId, kbIds, query, limit, fileFilter: filter };
  const dense = { orgId, kbIds, embedding: opts.queryEmbedding!, limit, fileFilter: filter };
  const driver = driverOf(db());
  if ("pool" in driver) {
    // Each leg one message on its own connection (decisions 120, 129, 133); the chunks' rows are one
    // statement after the fusion.
    let fused: Fused[] | null = null;
    if (useText && useVector) {
      if (HYBRID.parallel) fused = fuse(await parallelCandidates(db(), hybrid));
    } else if (useText && ONE_MESSAGE.enabled)
      fused = textFused(bm25Hits(await inOneMessage(driver.pool, [TEXT_SETTINGS, bm25Sql(text)])));
    else if (useVector && ONE_MESSAGE.enabled)
      fused = vectorFused(denseHits(await inOneMessage(driver.pool, [denseSettingsSql(dense), gatedDenseSql(dense)])));
    if (fused) return hitsOf(db(), orgId, fused.slice(0, opts.topK));
  }
  return db().transaction(async (tx) => {
    let fusedAll: Fused[];
    if (useText && useVector) {
      fusedAll = fuse(await hybridCandidates(tx, hybrid));
    } else if (useText) {
      // A short statement whose estimate can pass jit_above_cost on a large collection: compiling it
      // would cost more than running it (the vector leg's settings turn JIT off too).
      await tx.execute(TEXT_SETTINGS);
      fusedAll = textFused(bm25Hits(await runSearch(tx, bm25Sql(text))));
    } else if (useVector) {
      const { exact } = await denseSettings(tx, dense);
      fusedAll = vectorFused(denseHits(await runSearch(tx, denseSql(dense, exact))));
    } else fusedAll = [];
    return hitsOf(tx, orgId, fusedAll.slice(0, opts.topK));
  });
}

/** The fused chunks' rows, in fused order (a chunk deleted since it was ranked is left out). */
async function hitsOf(q: Queryable, orgId: string, fused: readonly Fused[]): Promise<SearchHit[]> {
  if (fused.length === 0) return [];
  const ids = fused.map((f) => String(f.chunkId));
  const found = rows<{
    id: string | number;
    knowledge_base_id: string;
    file_id: string;
    chunk_index: number;
    page_number: number | null;
    content: string;
  }>(
    await q.execute(sql`
      select id, knowledge_base_id, file_id, chunk_index, page_number, content from kb_chunk
      where organization_id = ${orgId} and id = any(${textArray(ids)}::bigint[])`),
  );
  const byId = new Map(found.map((r) => [Number(r.id), r]));
  return fused.flatMap((f) => {
    const r = byId.get(f.chunkId);
    if (!r) return [];
    return [
      {
        chunkId: String(f.chunkId),
        knowledgeBaseId: r.knowledge_base_id,
        fileId: r.file_id,
        chunkIndex: r.chunk_index,
        pageNumber: r.page_number,
        content: r.content,
        searchType: f.searchType,
        similarityScore: f.similarityScore,
      },
    ];
  });
}

/**
 * The candidates in fused order (FUSION, decision 095). A chunk's searchType is the leg that ranked it
 * better and its similarityScore that leg's: cosine similarity, or BM25 divided by the query's best BM25.
 */
export function fuse(candidates: readonly Candidate[], vectorWeight = FUSION.vectorWeight): Fused[] {
  const bestBm25 = Math.max(0, ...candidates.map((c) => c.bm25));
  const bestCosine = Math.max(-1, ...candidates.map((c) => c.cosine));
  const text = (c: Candidate) => (bestBm25 > 0 ? c.bm25 / bestBm25 : 0);
  const vector = (c: Candidate) => (bestCosine > -1 ? (c.cosine + 1) / (bestCosine + 1) : 0);
  return candidates
    .map((c) => {
      const byText = c.vectorRank === null || (c.textRank !== null && c.textRank <= c.vectorRank);
      return {
        chunkId: c.chunkId,
        searchType: byText ? ("text" as const) : ("vector" as const),
        similarityScore: byText ? text(c) : clamp01(c.cosine),
        fused: (1 - vectorWeight) * text(c) + vectorWeight * vector(c),
      };
    })
    .sort((a, b) => b.fused - a.fused || a.chunkId - b.chunkId)
    .map(({ fused: _, ...f }) => f);
}
