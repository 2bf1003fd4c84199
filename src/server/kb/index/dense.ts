// The vector leg: cosine distance, exact over a small collection's rows, else on the partial HNSW
// index of the query's dimension count (decision 095: the planner alone picks a sequential scan).
import { sql, type SQL } from "drizzle-orm";
import { rows, textArray, vectorCast, vectorParam, type Queryable } from "./sql-parts";

/** HNSW search breadth; iterative scans keep going when filters (KB, files) drop candidates. */
export const HNSW = { efSearch: 100 };

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

/** The vector leg's statement (benches explain it as the product runs it). */
export function denseSql(opts: DenseQuery, exact = false): SQL {
  const dims = opts.embedding.length;
  const cast = vectorCast(dims);
  const q = vectorParam(opts.embedding, cast);
  // The index's expression (embedding::vector(n)) lets the HNSW index order the rows; the bare column
  // matches no index, so the exact search reads the collection's rows through kb_chunk_kb_idx or a scan.
  const distance = exact ? sql`c.embedding <=> ${q}` : sql`c.embedding::${cast} <=> ${q}`;
  // dims is a literal so the planner can match the partial index's predicate.
  return sql`
    with hits as materialized (
      select c.id, ${distance} as distance
      from kb_chunk c
      where c.organization_id = ${opts.orgId} and c.knowledge_base_id = any(${textArray(opts.kbIds)}::uuid[])
        and c.dims = ${sql.raw(String(dims))} ${opts.fileFilter ? sql`and ${opts.fileFilter}` : sql``}
      order by ${distance}
      limit ${opts.limit}
    )
    select id, distance from hits order by distance, id`;
}

/** The HNSW settings of a search; SET LOCAL, so they must run inside the search's transaction. */
export async function setHnsw(tx: Queryable, limit: number) {
  await tx.execute(sql.raw(`set local hnsw.ef_search = ${Math.max(HNSW.efSearch, limit)}`));
  await tx.execute(sql.raw(`set local hnsw.iterative_scan = relaxed_order`));
}

/**
 * The settings the index statement runs under (SET LOCAL; benches explain the statement with them).
 * Sorting the rows is what the planner would otherwise choose (see DenseStrategy); without a partial
 * index for the dimension count it still sorts, exactly. A disabled sort adds 10^10 to the plan's
 * cost, which would make PostgreSQL JIT-compile the statement (hundreds of milliseconds): no JIT.
 */
export async function indexSettings(tx: Queryable, limit: number) {
  await setHnsw(tx, limit);
  await tx.execute(sql`set local jit = off`);
  await tx.execute(sql`set local enable_sort = off`);
}

/** Chunks the search may return: the knowledge bases' files (narrowed by the file filter) per their statistics. */
async function collectionSize(tx: Queryable, opts: DenseQuery): Promise<number> {
  // kb_file_index_stat is aliased c: the file filter names only c.file_id, which it has too.
  const result = await tx.execute(sql`
    select coalesce(sum(c.chunk_count), 0)::int as n from kb_file_index_stat c
    where c.organization_id = ${opts.orgId} and c.knowledge_base_id = any(${textArray(opts.kbIds)}::uuid[])
      ${opts.fileFilter ? sql`and ${opts.fileFilter}` : sql``}`);
  return Number(rows<{ n: number | string }>(result)[0]?.n ?? 0);
}

/** Must run inside a transaction: the HNSW settings are SET LOCAL. */
export async function denseSearch(
  tx: Queryable,
  opts: DenseQuery,
  strategy: DenseStrategy = "auto",
): Promise<DenseHit[]> {
  const exact = strategy === "exact" || (strategy === "auto" && (await collectionSize(tx, opts)) <= EXACT_MAX_CHUNKS);
  let result;
  if (exact) result = await tx.execute(denseSql(opts, true));
  else {
    await indexSettings(tx, opts.limit);
    result = await tx.execute(denseSql(opts));
    await tx.execute(sql`set local enable_sort = on`);
  }
  return rows<{ id: string | number; distance: number | string }>(result).map((r) => ({
    chunkId: Number(r.id),
    similarity: 1 - Number(r.distance),
  }));
}

/** Cosine similarity of the given chunks to the query (another leg's candidates, by primary key). */
export async function cosineOf(
  tx: Queryable,
  opts: { orgId: string; chunkIds: readonly number[]; embedding: readonly number[] },
): Promise<Map<number, number>> {
  if (opts.chunkIds.length === 0) return new Map();
  const dims = opts.embedding.length;
  const cast = vectorCast(dims);
  const result = await tx.execute(sql`
    select c.id, c.embedding::${cast} <=> ${vectorParam(opts.embedding, cast)} as distance from kb_chunk c
    where c.organization_id = ${opts.orgId} and c.id = any(${textArray(opts.chunkIds.map(String))}::bigint[])
      and c.dims = ${sql.raw(String(dims))}`);
  return new Map(
    rows<{ id: string | number; distance: number | string }>(result).map((r) => [Number(r.id), 1 - Number(r.distance)]),
  );
}
