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
 * Early termination (decision 110): a query term's postings are read best first by their impact, at most
 * `postingsPerTerm` of them a knowledge base, instead of all of them (a common term's list grows with the
 * collection: 38,000 postings for a 12-term claim at 100,000 chunks). The chunks they name are ranked by
 * those partial scores, and the best `rescore` (with the hybrid's dense candidates) are then scored
 * exactly from their own postings. A term whose list is no longer than `postingsPerTerm` is read whole,
 * so when every query term's is, the result is the exhaustive one (and no rescoring is done). 0 turns
 * early termination off. 1,000: on SciFact (11,163 chunks) every N from 500 up returns the exhaustive
 * top 10; at 100,000 chunks it keeps 94 % of the exhaustive text top 10 and 97 % of the hybrid one
 * (250 keeps 87 % and 93 % of 1,000's, for no time saved). Collections of at most `minChunks` chunks
 * are read whole: at 10,000 early termination returned the same results and cost more (bench/README.md,
 * decision 110).
 */
export const BM25_TOP = { postingsPerTerm: 1_000, rescore: 100, minChunks: 20_000 };

/**
 * A posting's impact: BM25's tf and length part, tf / (tf + k1 · (1 − b) + k1 · b · dl / L), with a
 * reference average length L of 100 terms (a product chunk of 1,600 characters has ~130, the benches'
 * 1,000-character chunks ~80) instead of the collection's, which changes with every file. It only
 * orders the postings for reading: scores use the collection's real average. Must stay the same
 * expression tree as kb_posting_impact_idx's (migrations 0027, 0033), or the index cannot order the read.
 */
export const IMPACT_SQL = (alias: string) =>
  sql.raw(
    // 0.54 = k1 · (1 − b), 0.0036 = k1 · b / 100 (written out: the index expression is fixed text).
    `(${alias}.tf::float8 / (${alias}.tf::float8 + 0.54::float8 + 0.0036::float8 * ${alias}.doc_len::float8))`,
  );

// Constants inlined as float8: as parameters PostgreSQL would type them from their first use
// (integer), and a bare 0.4 is numeric, whose arithmetic on every posting costs more than the rest.
const f = (x: number) => sql.raw(`${x}::float8`);

/** Per posting (aliases p, w, st): w(term) · tf · (k1 + 1) / (tf + k1 · (1 − b) + k1 · b / avgdl · dl). */
const termScore = (p: string) =>
  sql.raw(
    `w.w * ${p}.tf::float8 * ${BM25.k1 + 1}::float8 / (${p}.tf::float8 + ${BM25.k1 * (1 - BM25.b)}::float8 + st.k1b_avgdl * ${p}.doc_len::float8)`,
  );

/**
 * The CTEs that score BM25: `s (chunk_id, score)` holds, with their exact scores over the union of the
 * knowledge bases' statistics (before any file filter), at least the chunks bm25Top can return and the
 * chunks `alsoScore` (a select of ids, e.g. the dense leg's) names that hold a query term. Exhaustive
 * (every chunk with a query term) under a file filter, with BM25_TOP.postingsPerTerm 0 or over at most
 * BM25_TOP.minChunks chunks; else read with early termination (BM25_TOP).
 */
/**
 * The rollups (decision 135): the statistics of a knowledge base whose rollup is current read from its
 * kb_index_rollup row and a query term's df from its kb_term_rollup entry, instead of one kb_file_index_stat row
 * and one kb_file_term row a file. `enabled` false reads the per-file rows only (benches A/B it: parallel-ab.ts
 * `perfile`).
 */
export const ROLLUP = { enabled: true };

/** The query's terms `qt (term, qtf)`, statisticsSources' `ro` and `fs`, and their statistics `st (n, k1b_avgdl)`. */
function bm25Head(opts: Bm25Query): SQL {
  return sql`
    qt as (
      select lexeme as term, coalesce(array_length(positions, 1), 1) as qtf
      from unnest(to_tsvector(${TS_CONFIG}, ${opts.query}))
    ),
    ${statisticsSources(opts.orgId, opts.kbIds)},
    st as (
      select n::float8 as n, ${f(BM25.k1 * BM25.b)} / coalesce(len::float8 / nullif(n, 0), 1) as k1b_avgdl
      from (select ${SOURCES_CHUNKS} as n,
                   (select coalesce(sum(len), 0) from ro) + (select coalesce(sum(total_len), 0) from fs) as len) t
    )`;
}

/**
 * The CTEs `ro (kb, n, len)`, the knowledge bases among `kbIds` whose rollup is current (the organisation's, not
 * stale), and `fs (kb, file_id, chunk_count, total_len, pending)`, the files outside those rollups: every file of
 * the other knowledge bases (`pending` false), the not yet rolled-up ones of these (`pending` true: usually none,
 * read through a partial index). Their sums are the searched collection's statistics (BM25's, and the vector
 * leg's size gate: dense.ts). When every knowledge base's rollup is current, the first branch of `fs` is not run
 * at all (a one-time filter): under a generic plan the planner cannot see that its list of knowledge bases is
 * empty, and with few organisations it scanned every file's row for none (decision 136).
 */
/** The searched collection's chunk count, summed over statisticsSources' `ro` and `fs`. */
export const SOURCES_CHUNKS = sql.raw(
  "((select coalesce(sum(n), 0) from ro) + (select coalesce(sum(chunk_count), 0) from fs))",
);

export function statisticsSources(orgId: string, kbIds: readonly string[]): SQL {
  const kbs = sql`${textArray(kbIds)}::uuid[]`;
  return sql`
    ro as materialized (
      select knowledge_base_id as kb, chunk_count as n, total_len as len from kb_index_rollup
      where organization_id = ${orgId} and knowledge_base_id = any(${kbs}) and not stale
        ${ROLLUP.enabled ? sql`` : sql`and false`}
    ),
    fs as materialized (
      select knowledge_base_id as kb, file_id, chunk_count, total_len, false as pending from kb_file_index_stat
      where (select count(*) from ro) < cardinality(${kbs}) and organization_id = ${orgId}
        and knowledge_base_id = any(array(select k from unnest(${kbs}) k except select kb from ro))
      union all
      select knowledge_base_id, file_id, chunk_count, total_len, true from kb_file_index_stat
      where organization_id = ${orgId} and knowledge_base_id = any(array(select kb from ro)) and not rolled_up
    )`;
}

/**
 * A probe for one (chunk, term) posting reads the primary key alone: kb_posting_pkey INCLUDEs tf and doc_len
 * (decision 134), so the probe is index-only where the postings' pages are all-visible. It names no
 * organisation, which would send it to the heap: the chunks it probes are already the organisation's, from
 * postings of the organisation's knowledge bases (`ks`, decision 131) or from the dense leg's rows, which
 * name the organisation. `checkOrg` puts the condition back (benches A/B it: parallel-ab.ts `probeorg`).
 */
export const PROBE = { checkOrg: false };
const probeOrg = (opts: Bm25Query) => (PROBE.checkOrg ? sql`and q.organization_id = ${opts.orgId}` : sql``);

const IDF = sql`qt.qtf * ln(1 + (st.n - d.df + 0.5) / (d.df + 0.5))`;

/**
 * df of each query term over the searched knowledge bases: from the rollups of `ro` plus their files outside it
 * (decision 135), and summed from kb_file_term (decision 115) for the other knowledge bases. Every knowledge base
 * and file named comes from the organisation's rows (`ro`, `fs`).
 */
const keptDf = (opts: Bm25Query) => sql`((select coalesce(sum(r.df), 0) from kb_term_rollup r
        where r.knowledge_base_id = any(array(select kb from ro)) and r.term = qt.term)
      + (select coalesce(sum(t.df), 0) from kb_file_term t
        where t.file_id = any(array(select file_id from fs where pending)) and t.term = qt.term)
      + (select coalesce(sum(t.df), 0) from kb_file_term t
        where t.knowledge_base_id = any(array(select distinct kb from fs where not pending)) and t.term = qt.term
          and t.organization_id = ${opts.orgId}))::float8`;

/**
 * The CTEs that give `ids` (a select of chunk ids of the searched knowledge bases, e.g. the dense leg's)
 * their exact BM25: `s (chunk_id, score)`, the chunks among them holding a query term. The same
 * statistics and formula as bm25Ctes (df from kb_file_term, equal to the postings' count), one
 * primary-key probe per (chunk, query term): the vector leg scores its own candidates this way when
 * the legs run on two connections (decision 120), without waiting for BM25's candidates.
 */
export function bm25ScoreOf(opts: Bm25Query, ids: SQL): SQL {
  return sql`${bm25Head(opts)},
    d as materialized (select qt.term, qt.qtf, ${keptDf(opts)} as df from qt),
    w as materialized (select d.term, ${IDF} as w from d join qt using (term) cross join st where d.df > 0),
    sc as materialized (${ids}),
    s as (
      select sc.chunk_id, sum(${termScore("x")}) as score
      from sc cross join w cross join st cross join lateral (
        select q.tf, q.doc_len from kb_posting q
        where q.chunk_id = sc.chunk_id and q.term = w.term ${probeOrg(opts)}
        offset 0
      ) x
      group by sc.chunk_id
    )`;
}

export function bm25Ctes(opts: Bm25Query, alsoScore?: SQL): SQL {
  const kbs = sql`${textArray(opts.kbIds)}::uuid[]`;
  const head = bm25Head(opts);
  const idf = IDF;
  const N = BM25_TOP.postingsPerTerm;
  // Every posting of the query terms (`gate`: only when it holds, else no rows).
  const exhaustive = (gate: SQL, name: (n: string) => string) => sql`
    ${sql.raw(name("p"))} as materialized (
      select p.chunk_id, p.term, p.tf, p.doc_len
      from kb_posting p
      where ${gate} and p.knowledge_base_id = any(array(select kb from ks))
        and p.term = any(array(select term from qt))
    ),
    ${sql.raw(name("w"))} as materialized (
      select d.term, ${idf} as w
      from (select term, count(*)::float8 as df from ${sql.raw(name("p"))} group by term) d join qt using (term) cross join st
    ),
    ${sql.raw(name("s"))} as (
      select p.chunk_id, sum(${termScore("p")}) as score
      from ${sql.raw(name("p"))} p join ${sql.raw(name("w"))} w using (term) cross join st
      group by p.chunk_id
    )`;
  // A file filter can exclude every chunk a term's best postings name: those searches read every posting.
  // The organisation is checked on the knowledge bases, once, instead of on every posting: the impact
  // index holds no organisation (decision 131), and a knowledge base's postings are all its organisation's.
  const ks = sql`ks as materialized (
      select id as kb from knowledge_base where organization_id = ${opts.orgId} and id = any(${kbs})
    )`;
  if (opts.fileFilter || N <= 0) return sql`${head}, ${ks}, ${exhaustive(sql`true`, (n) => n)}`;
  const rescore = Math.max(BM25_TOP.rescore, opts.limit);
  // Never fewer postings a term than rows asked for: a one-term query still fills its `limit`.
  const perTerm = Math.max(N, opts.limit);
  // Small collections are read whole (one-time filters on their size: the other branch's CTEs are not run).
  const big = sql`(select n from st) > ${sql.raw(String(BM25_TOP.minChunks))}`;
  // df summed from the files' per-term rows (kb_file_term, decision 115: ~700 index entries a common term
  // at 100k chunks, where counting its postings read ~3,500); then each term's best N postings a
  // knowledge base through the impact index, each scored as read; the best partial scores and
  // `alsoScore` rescored exactly: a term read whole (df ≤ N, not `cut`) already holds every chunk's
  // posting, so only the cut terms are looked up, one primary-key probe per (chunk, cut term) (`offset 0`
  // keeps the lookup per chunk: pulled up into a join, PostgreSQL read every posting of the terms
  // instead, 990 ms at 100k). The probe names no knowledge base: c's chunks come from the searched ones'
  // postings and dense rows, and a knowledge-base condition let PGlite (no statistics) walk the term's
  // list in the impact index for every chunk instead of the primary key (34 ms for 1,200 probes at 10k).
  return sql`${head}, ${ks}, ${exhaustive(sql`not ${big}`, (n) => `${n}_all`)},
    d as materialized (
      select qt.term, qt.qtf, ${keptDf(opts)} as df
      from qt where ${big}
    ),
    w as materialized (
      select d.term, ${idf} as w, d.df > ${sql.raw(String(perTerm))} as cut
      from d join qt using (term) cross join st where d.df > 0
    ),
    -- No term column: nothing after needs it, and each of the ~8,000 rows is written and read again.
    p as materialized (
      select w.cut, x.chunk_id, ${termScore("x")} as score
      from w cross join st cross join ks cross join lateral (
        select p.chunk_id, p.tf, p.doc_len from kb_posting p
        where p.knowledge_base_id = ks.kb and p.term = w.term
        order by ${IMPACT_SQL("p")} desc
        limit ${sql.raw(String(perTerm))}
      ) x
    ),
    c as materialized (
      (select chunk_id from p group by chunk_id order by sum(score) desc, chunk_id limit ${sql.raw(String(rescore))})
      ${alsoScore ? sql`union ${alsoScore}` : sql``}
    ),
    -- No term's list longer than it was read: every posting was read and the partial scores are exact.
    trunc as materialized (select coalesce(bool_or(cut), false) as t from w),
    s as (
      select * from s_all
      union all
      select chunk_id, sum(score) as score from p
      where not (select t from trunc)
      group by chunk_id
      union all
      select r.chunk_id, sum(r.score) as score from (
        select p.chunk_id, p.score from c join p using (chunk_id) where not p.cut
        union all
        select c.chunk_id, ${termScore("x")} as score
        from c cross join w cross join st cross join lateral (
          select q.tf, q.doc_len from kb_posting q
          where q.chunk_id = c.chunk_id and q.term = w.term ${probeOrg(opts)}
          offset 0
        ) x
        where w.cut
      ) r
      where (select t from trunc)
      group by r.chunk_id
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
  return bm25Hits(await q.execute(bm25Sql(opts)));
}

/** bm25Search's statement (text mode runs it prepared, decision 133). */
export const bm25Sql = (opts: Bm25Query): SQL => sql`with ${bm25Ctes(opts)} ${bm25Top(opts)}`;

/** bm25Sql's rows. */
export const bm25Hits = (result: unknown): Bm25Hit[] =>
  rows<{ chunk_id: string | number; score: number | string }>(result).map((r) => ({
    chunkId: Number(r.chunk_id),
    score: Number(r.score),
  }));
