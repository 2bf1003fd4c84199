// The lexical leg: Okapi BM25 scored in SQL from the postings (decision 048). PostgreSQL's ts_rank
// has no inverse document frequency and no length normalisation against the collection, so it ranks
// far below BM25; these statistics give the real formula on PGlite and PostgreSQL alike.
import { sql, type SQL } from "drizzle-orm";
import { rows, textArray, TS_CONFIG, type Queryable } from "./sql-parts";

/** Anserini's BM25 parameters for BEIR (k1 = 0.9, b = 0.4); measured on SciFact in bench/. */
export const BM25 = { k1: 0.9, b: 0.4 };

export interface Bm25Hit {
  chunkId: number;
  score: number;
}

export interface Bm25Query {
  orgId: string;
  kbIds: readonly string[];
  query: string;
  limit: number;
  fileFilter: SQL | null;
}

/**
 * The CTEs that score BM25: `s (chunk_id, score)` holds every chunk of the knowledge bases with at least
 * one query term, over the union of those knowledge bases' statistics (before any file filter).
 */
export function bm25Ctes(opts: Bm25Query): SQL {
  // Constants inlined as float8: as parameters PostgreSQL would type them from their first use
  // (integer), and a bare 0.4 is numeric, whose arithmetic on every posting costs more than the rest.
  const f = (x: number) => sql.raw(`${x}::float8`);
  const kbs = sql`${textArray(opts.kbIds)}::uuid[]`;
  // Per posting: w(term) · tf · (k1 + 1) / (tf + k1 · (1 − b) + k1 · b / avgdl · dl), with the term's
  // weight w = qtf · idf and the constants computed once per query, not per posting.
  return sql`
    qt as (
      select lexeme as term, coalesce(array_length(positions, 1), 1) as qtf
      from unnest(to_tsvector(${TS_CONFIG}, ${opts.query}))
    ),
    st as (
      select coalesce(sum(chunk_count), 0)::float8 as n,
             ${f(BM25.k1 * BM25.b)} / coalesce(sum(total_len)::float8 / nullif(sum(chunk_count), 0), 1) as k1b_avgdl
      from kb_file_index_stat where organization_id = ${opts.orgId} and knowledge_base_id = any(${kbs})
    ),
    p as materialized (
      select p.chunk_id, p.term, p.tf::float8 as tf, p.doc_len::float8 as dl
      from kb_posting p
      where p.organization_id = ${opts.orgId} and p.knowledge_base_id = any(${kbs})
        and p.term = any(array(select term from qt))
    ),
    w as materialized (
      select d.term, qt.qtf * ln(1 + (st.n - d.df + 0.5) / (d.df + 0.5)) as w
      from (select term, count(*)::float8 as df from p group by term) d join qt using (term) cross join st
    ),
    s as (
      select p.chunk_id,
             sum(w.w * p.tf * ${f(BM25.k1 + 1)} / (p.tf + ${f(BM25.k1 * (1 - BM25.b))} + st.k1b_avgdl * p.dl)) as score
      from p join w using (term) cross join st
      group by p.chunk_id
    )`;
}

/** The `limit` best rows of `s` (bm25Ctes) among the chunks the file filter allows, best first. */
export function bm25Top(opts: Bm25Query): SQL {
  const filtered = opts.fileFilter
    ? sql`join kb_chunk c on c.organization_id = ${opts.orgId} and c.id = s.chunk_id and ${opts.fileFilter}`
    : sql``;
  return sql`select s.chunk_id, s.score from s ${filtered} order by s.score desc, s.chunk_id limit ${opts.limit}`;
}

/**
 * The `limit` best chunks of the knowledge bases for the query (text mode), BM25 over the union of
 * those knowledge bases' statistics. `fileFilter` (on kb_chunk alias c) restricts which chunks may be
 * returned without changing the statistics. Hybrid mode uses the same CTEs inside its own statement.
 */
export async function bm25Search(q: Queryable, opts: Bm25Query): Promise<Bm25Hit[]> {
  const result = await q.execute(sql`with ${bm25Ctes(opts)} ${bm25Top(opts)}`);
  return rows<{ chunk_id: string | number; score: number | string }>(result).map((r) => ({
    chunkId: Number(r.chunk_id),
    score: Number(r.score),
  }));
}
