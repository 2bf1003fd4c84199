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

export interface Bm25Result {
  /** The `limit` best chunks, best first. */
  hits: Bm25Hit[];
  /** BM25 of the `alsoScore` chunks that are not among the hits (absent: none of the query's terms, 0). */
  others: Map<number, number>;
}

/**
 * The `limit` best chunks of the knowledge bases for the query, BM25 over the union of those
 * knowledge bases' statistics. `fileFilter` (on kb_chunk alias c) restricts which chunks may be
 * returned without changing the statistics.
 */
export async function bm25Search(
  q: Queryable,
  opts: {
    orgId: string;
    kbIds: readonly string[];
    query: string;
    limit: number;
    fileFilter: SQL | null;
    /** Chunks (another leg's candidates) whose BM25 is wanted too, with the same statistics. */
    alsoScore?: readonly number[];
  },
): Promise<Bm25Result> {
  // Constants inlined: as parameters PostgreSQL would type them from their first use (integer).
  const k1 = sql.raw(String(BM25.k1));
  const k1p1 = sql.raw(String(BM25.k1 + 1));
  const b = sql.raw(String(BM25.b));
  const kbs = sql`${textArray(opts.kbIds)}::uuid[]`;
  const also = opts.alsoScore ?? [];
  const filtered = opts.fileFilter
    ? sql`join kb_chunk c on c.organization_id = ${opts.orgId} and c.id = s.chunk_id and ${opts.fileFilter}`
    : sql``;
  const result = await q.execute(sql`
    with qt as (
      select lexeme as term, coalesce(array_length(positions, 1), 1) as qtf
      from unnest(to_tsvector(${TS_CONFIG}, ${opts.query}))
    ),
    st as (
      select coalesce(sum(chunk_count), 0)::float8 as n,
             coalesce(sum(total_len)::float8 / nullif(sum(chunk_count), 0), 1) as avgdl
      from kb_file_index_stat where organization_id = ${opts.orgId} and knowledge_base_id = any(${kbs})
    ),
    p as materialized (
      select p.chunk_id, p.term, p.tf, p.doc_len
      from kb_posting p
      where p.organization_id = ${opts.orgId} and p.knowledge_base_id = any(${kbs})
        and p.term = any(array(select term from qt))
    ),
    df as (select term, count(*)::float8 as df from p group by term),
    s as (
      select p.chunk_id,
             sum(qt.qtf * ln(1 + (st.n - df.df + 0.5) / (df.df + 0.5))
                 * p.tf * ${k1p1} / (p.tf + ${k1} * (1 - ${b} + ${b} * p.doc_len / st.avgdl))) as score
      from p join df using (term) join qt using (term) cross join st
      group by p.chunk_id
    )
    ${also.length > 0 ? sql`select * from (` : sql``}
    select s.chunk_id, s.score, true as top from s ${filtered}
    order by s.score desc, s.chunk_id
    limit ${opts.limit}
    ${also.length > 0 ? sql`) t union all select s.chunk_id, s.score, false from s where s.chunk_id = any(${textArray(also.map(String))}::bigint[])` : sql``}`);
  const out: Bm25Result = { hits: [], others: new Map() };
  const all = rows<{ chunk_id: string | number; score: number | string; top: boolean }>(result);
  for (const r of all.filter((r) => r.top)) out.hits.push({ chunkId: Number(r.chunk_id), score: Number(r.score) });
  // The top rows keep their statement's order only inside the subquery: order them again.
  out.hits.sort((a, b) => b.score - a.score || a.chunkId - b.chunkId);
  const inTop = new Set(out.hits.map((h) => h.chunkId));
  for (const r of all)
    if (!r.top && !inTop.has(Number(r.chunk_id))) out.others.set(Number(r.chunk_id), Number(r.score));
  return out;
}
