// Hybrid search on PostgreSQL with each leg on its own connection (decision 120): the vector leg and
// BM25 run at the same time, so a search takes the longer leg, not their sum. Each leg scores its own
// candidates by the other leg too (the vector leg their exact BM25, BM25 its candidates' cosine), so
// the fusion gets what the one-statement path (search.ts hybridSql) gives it: every candidate with both
// exact scores, under the same organisation, knowledge-base and file restrictions in both legs.
import { sql, type SQL } from "drizzle-orm";
import { driverOf, type Db } from "../../db/client";
import { bm25Ctes, bm25ScoreOf, bm25Top } from "./bm25";
import { candidatesOf, cosineOf, type Candidate } from "./candidates";
import { denseSelect, denseSettings, denseSettingsSql, gatedDenseSelect, type DenseQuery } from "./dense";
import { exactParam, rows } from "./sql-parts";
import { ONE_MESSAGE, inOneMessage } from "./one-message";
import { GENERIC_PLAN } from "./prepared";

export interface HybridQuery {
  orgId: string;
  kbIds: string[];
  query: string;
  embedding: number[];
  limit: number;
  filter: SQL | null;
}

/**
 * The vector leg: its `limit` nearest chunks with their distance and exact BM25 (0 without a query term).
 * `exact` "gated": either search, chosen when it runs from denseSettingsSql's size.
 */
export function vectorLegSql(q: DenseQuery & { query: string }, exact: boolean | "gated"): SQL {
  const bm25 = { orgId: q.orgId, kbIds: q.kbIds, query: q.query, limit: q.limit, fileFilter: q.fileFilter };
  const dense = exact === "gated" ? gatedDenseSelect(q) : denseSelect(q, exact);
  return sql`
    with dense as materialized (${dense}),
    ${bm25ScoreOf(bm25, sql`select id as chunk_id from dense`)}
    select d.id, d.distance, coalesce(s.score, 0) as bm25 from dense d left join s on s.chunk_id = d.id`;
}

/** BM25's leg: its `limit` best chunks with their score and cosine distance (read by primary key). */
export function textLegSql(q: DenseQuery & { query: string }): SQL {
  const bm25 = { orgId: q.orgId, kbIds: q.kbIds, query: q.query, limit: q.limit, fileFilter: q.fileFilter };
  return sql`
    with ${bm25Ctes(bm25)}, top as materialized (${bm25Top(bm25)})
    select t.chunk_id as id, t.score as bm25,
      (select c.embedding <=> ${exactParam(q.embedding)} from kb_chunk c
        where c.organization_id = ${q.orgId} and c.id = t.chunk_id and c.dims = ${sql.raw(String(q.embedding.length))}
      ) as distance
    from top t`;
}

type LegResult = { id: string | number; distance: number | string | null; bm25: number | string };
const legRows = (result: unknown) =>
  rows<LegResult>(result).map((r) => ({ chunkId: Number(r.id), cosine: cosineOf(r.distance), bm25: Number(r.bm25) }));

/**
 * Both legs' candidates, each leg on its own pooled connection, at once: on PostgreSQL each leg is one
 * message (its settings and its statement: one round trip instead of four with a transaction's begin and
 * commit); on PGlite (tests) each leg is a transaction on its one connection. The two legs read two
 * snapshots (as the read-committed statements of one transaction would): a file indexed between them can
 * be a candidate of one leg only, scored by both as of its leg's snapshot.
 */
export async function parallelCandidates(handle: Db, opts: HybridQuery): Promise<Candidate[]> {
  const { orgId, kbIds, query, embedding, limit, filter } = opts;
  const q = { orgId, kbIds, query, embedding, limit, fileFilter: filter };
  const driver = driverOf(handle);
  if ("pool" in driver && ONE_MESSAGE.enabled) {
    const [dense, text] = await Promise.all([
      inOneMessage(driver.pool, [denseSettingsSql(q), vectorLegSql(q, "gated")]),
      // As text mode (search.ts): a short statement JIT would compile for longer than it runs.
      inOneMessage(driver.pool, [sql`select set_config('jit', 'off', true), ${sql.raw(GENERIC_PLAN)}`, textLegSql(q)]),
    ]);
    return candidatesOf(legRows(dense), legRows(text));
  }
  const [dense, text] = await Promise.all([
    handle.transaction(async (tx) => {
      const { exact } = await denseSettings(tx, q);
      return legRows(await tx.execute(vectorLegSql(q, exact)));
    }),
    handle.transaction(async (tx) => {
      // As text mode (search.ts): a short statement JIT would compile for longer than it runs.
      await tx.execute(sql`set local jit = off`);
      return legRows(await tx.execute(textLegSql(q)));
    }),
  ]);
  return candidatesOf(dense, text);
}
