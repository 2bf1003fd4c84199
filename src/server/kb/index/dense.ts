// The vector leg: cosine distance, exact over a small collection's rows, else on the partial HNSW
// index of the query's dimension count (decision 095: the planner alone picks a sequential scan).
import { sql, type SQL } from "drizzle-orm";
import { SOURCES_CHUNKS, statisticsSources } from "./bm25";
import { GENERIC_PLAN } from "./prepared";
import { exactParam, rows, textArray, vectorCast, vectorParam, type Queryable } from "./sql-parts";

/**
 * HNSW search breadth; iterative scans keep going when filters (KB, files) drop candidates. Chosen for
 * the vector leg's recall@10 against exact search ≥ 0.95 (decision 115, the stand-in vectors): at
 * 10,000 chunks 0.951 at 100, 0.976 at 200 (~2 ms more server CPU a hybrid search); at 100,000 chunks
 * (distinct texts; two builds of the graph) 0.894–0.900 at 100, 0.938–0.951 at 200, 0.956 at 300
 * (~12 ms more than 100 under load 10–14). Collections over `largeChunks` use `efSearchLarge`.
 * At 10,000 distinct texts (the mixed corpus, decision 122) 200 gave 0.900–0.903 on PostgreSQL and 0.887 on
 * PGlite; 450 gives 0.955 / 0.945 (a denser graph, m 24 / ef_construction 128, cost the same walk time for
 * the same recall and twice the build, so the breadth is raised instead). Graphs built from the same rows
 * differ: 450 gave 0.946 and 0.958 on two later builds, 550 gives 0.953 and 0.963 for ~1 ms more a
 * hybrid search (decision 122's addendum).
 * Decision 130 builds the graphs with ef_construction 200 (sql-parts.ts HNSW_GRAPH), which needs a narrower
 * search for more recall: at 10,000 mixed chunks 400 gives 0.968 on PostgreSQL and 0.967 on PGlite (550 on
 * the old graph: 0.958); at 100,000, 150 gives 0.966–0.971 (300 on the old graph: 0.959) and reads half the
 * graph's pages, which is what a collection larger than the buffer pool waits on.
 */
export const HNSW = { efSearch: 400, efSearchLarge: 150, largeChunks: 20_000 };

/**
 * Collections (the searched knowledge bases, narrowed by includeFileIds) of at most this many chunks
 * are searched exactly: reading their rows costs less than the graph walk and misses nothing.
 */
export const EXACT_MAX_CHUNKS = 1_000;

/**
 * How a search reaches the vectors. "index" makes the planner take the HNSW index: its cost model
 * leaves out the TOAST reads of the vectors (1,536 floats are 6 KB, stored out of line), so it prices a
 * sequential scan and sort of 10,000 chunks at half the index's start-up cost while the scan is 20
 * times slower. "exact" compares every row of the collection (no index matches its expression).
 */
export type DenseStrategy = "auto" | "exact" | "index";

export interface DenseHit {
  chunkId: number;
  similarity: number;
}

export interface DenseQuery {
  orgId: string;
  kbIds: readonly string[];
  embedding: readonly number[];
  limit: number;
  fileFilter: SQL | null;
}

/**
 * The vector leg's rows: the `limit` nearest chunks of the collection with their distance (in no
 * particular order outside this select). The hybrid statement uses it as a CTE.
 */
export function denseSelect(opts: DenseQuery, exact: boolean, when?: SQL): SQL {
  const dims = opts.embedding.length;
  const cast = vectorCast(dims);
  // The index's expression (embedding::vector(n) or ::halfvec(n)) lets the HNSW index order the rows; the
  // bare column matches no index, so the exact search reads the collection's rows through kb_chunk_kb_idx
  // or a scan. The distance returned is exact in both (computed on the row, as pgvector's index scan
  // hands back no distance of its own).
  const distance = sql`c.embedding <=> ${exactParam(opts.embedding)}`;
  const order = exact ? distance : sql`c.embedding::${cast} <=> ${vectorParam(opts.embedding, cast)}`;
  // dims is a literal so the planner can match the partial index's predicate.
  return sql`
      select c.id, ${distance} as distance
      from kb_chunk c
      where c.organization_id = ${opts.orgId} and c.knowledge_base_id = any(${textArray(opts.kbIds)}::uuid[])
        and c.dims = ${sql.raw(String(dims))} ${opts.fileFilter ? sql`and ${opts.fileFilter}` : sql``}
        ${when ? sql`and ${when}` : sql``}
      order by ${order}
      limit ${opts.limit}`;
}

/** The vector leg's statement (benches explain it as the product runs it). */
export function denseSql(opts: DenseQuery, exact = false): SQL {
  return sql`
    with hits as materialized (${denseSelect(opts, exact)})
    select id, distance from hits order by distance, id`;
}

/** `rollup` false sizes every collection from its files' rows (benches A/B it: parallel-ab.ts `gatefile`). */
export const SIZE_GATE = { rollup: true };

/**
 * How many chunks the search's collection holds (the strategies other than "auto" pretend a size). Without a file
 * filter, from the knowledge bases' rollups and the files outside them (decision 136: one row a knowledge base
 * instead of one a file); with one, from the files' own rows.
 */
function collectionSize(opts: DenseQuery, strategy: DenseStrategy): SQL {
  if (strategy !== "auto") return sql.raw(strategy === "exact" ? "0" : String(EXACT_MAX_CHUNKS + 1));
  if (!opts.fileFilter && SIZE_GATE.rollup)
    return sql`(with ${statisticsSources(opts.orgId, opts.kbIds)} select ${SOURCES_CHUNKS}::int)`;
  // kb_file_index_stat is aliased c: the file filter names only c.file_id, which it has too.
  return sql`(select coalesce(sum(c.chunk_count), 0)::int from kb_file_index_stat c
    where c.organization_id = ${opts.orgId} and c.knowledge_base_id = any(${textArray(opts.kbIds)}::uuid[])
      ${opts.fileFilter ? sql`and ${opts.fileFilter}` : sql``})`;
}

/**
 * The settings of a vector search, and whether the collection is searched exactly, in one round trip
 * (set_config(…, true) is SET LOCAL: call inside the search's transaction). A collection over
 * EXACT_MAX_CHUNKS runs with:
 * - enable_sort off: sorting the rows is what the planner would otherwise choose (see DenseStrategy);
 *   the HNSW index is then the only way to avoid the sort. Without a partial index for the dimension
 *   count it still sorts, exactly. Statements run under it keep their other sorts (top-N of BM25):
 *   there is no alternative to them, so the planner keeps them.
 * - jit off: a disabled sort adds 10^10 to the plan's cost, which would make PostgreSQL JIT-compile
 *   the statement (hundreds of milliseconds). Set for every search anyway (short statements).
 * - plan_cache_mode force_generic_plan: a prepared search (decision 133) runs its one plan from the first run.
 * - hnsw.ef_search ≥ limit (HNSW.efSearchLarge over HNSW.largeChunks chunks), and iterative scans that keep going when filters (KB, files) drop candidates.
 */
export async function denseSettings(
  tx: Queryable,
  opts: DenseQuery,
  strategy: DenseStrategy = "auto",
): Promise<{ exact: boolean }> {
  const result = await tx.execute(settingsSql(opts, strategy, false));
  return { exact: Number(rows<{ n: number | string }>(result)[0]?.n ?? 0) <= EXACT_MAX_CHUNKS };
}

/** The custom setting that carries the collection's size from denseSettingsSql to gatedDenseSelect. */
const SIZE_SETTING = "switchboard.kb_chunks";

/**
 * denseSettings as a statement of its own, for a message that runs it and the search in one implicit
 * transaction (parallel-legs.ts): the size goes into a transaction-local custom setting instead of a row, and
 * sorts are off whatever the size (the exact branch of gatedDenseSelect has no other plan than its sort, so it
 * keeps it, as BM25's top-N does).
 */
export function denseSettingsSql(opts: DenseQuery, strategy: DenseStrategy = "auto"): SQL {
  return settingsSql(opts, strategy, true);
}

/** denseSettings' statement (`gated` false: the size as the row `n`) or denseSettingsSql's (true). */
function settingsSql(opts: DenseQuery, strategy: DenseStrategy, gated: boolean): SQL {
  const ef = Math.max(HNSW.efSearch, opts.limit);
  const efLarge = Math.max(HNSW.efSearchLarge, opts.limit);
  const size = gated ? sql`set_config(${SIZE_SETTING}, x.n::text, true)` : sql`x.n`;
  const sort = gated ? sql`'off'` : sql`case when x.n > ${EXACT_MAX_CHUNKS} then 'off' else 'on' end`;
  return sql`
    select ${size}, set_config('jit', 'off', true),
      set_config('hnsw.ef_search', case when x.n > ${HNSW.largeChunks} then ${String(efLarge)} else ${String(ef)} end, true),
      set_config('hnsw.iterative_scan', 'relaxed_order', true), set_config('enable_sort', ${sort}, true),
      ${sql.raw(GENERIC_PLAN)}
    from (select ${collectionSize(opts, strategy)} as n) x`;
}

/**
 * The vector leg's rows under denseSettingsSql: the exact search for a collection of at most
 * EXACT_MAX_CHUNKS chunks, else the index's, chosen when it runs (the branch not taken is never executed).
 */
export function gatedDenseSelect(opts: DenseQuery): SQL {
  const size = sql.raw(`current_setting('${SIZE_SETTING}')::int`);
  const small = sql`${size} <= ${sql.raw(String(EXACT_MAX_CHUNKS))}`;
  return sql`(${denseSelect(opts, true, small)}) union all (${denseSelect(opts, false, sql`not (${small})`)})`;
}

/** The settings the index statement runs under (benches explain the statement with them). */
export async function indexSettings(tx: Queryable, limit: number) {
  await tx.execute(sql`select set_config('jit', 'off', true), set_config('hnsw.ef_search', ${String(Math.max(HNSW.efSearch, limit))}, true),
    set_config('hnsw.iterative_scan', 'relaxed_order', true), set_config('enable_sort', 'off', true)`);
}

/** The vector leg alone under denseSettingsSql (vector mode in one message, decision 133): denseSql's rows. */
export function gatedDenseSql(opts: DenseQuery): SQL {
  return sql`
    with hits as materialized (${gatedDenseSelect(opts)})
    select id, distance from hits order by distance, id`;
}

/** denseSql's (or gatedDenseSql's) rows. */
export const denseHits = (result: unknown): DenseHit[] =>
  rows<{ id: string | number; distance: number | string }>(result).map((r) => ({
    chunkId: Number(r.id),
    similarity: 1 - Number(r.distance),
  }));

/** Must run inside a transaction: the settings are SET LOCAL. */
export async function denseSearch(
  tx: Queryable,
  opts: DenseQuery,
  strategy: DenseStrategy = "auto",
): Promise<DenseHit[]> {
  const { exact } = await denseSettings(tx, opts, strategy);
  return denseHits(await tx.execute(denseSql(opts, exact)));
}
