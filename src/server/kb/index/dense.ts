// The vector leg: cosine distance on the partial HNSW index of the query's dimension count.
import { sql, type SQL } from "drizzle-orm";
import { rows, textArray, vectorCast, vectorParam, type Queryable } from "./sql-parts";

/** HNSW search breadth; iterative scans keep going when filters (KB, files) drop candidates. */
export const HNSW = { efSearch: 100 };

export interface DenseHit {
  chunkId: number;
  similarity: number;
}

/** Must run inside a transaction: the HNSW settings are SET LOCAL. */
export async function denseSearch(
  tx: Queryable,
  opts: {
    orgId: string;
    kbIds: readonly string[];
    embedding: readonly number[];
    limit: number;
    fileFilter: SQL | null;
  },
): Promise<DenseHit[]> {
  const dims = opts.embedding.length;
  const cast = vectorCast(dims);
  await tx.execute(sql.raw(`set local hnsw.ef_search = ${Math.max(HNSW.efSearch, opts.limit)}`));
  await tx.execute(sql.raw(`set local hnsw.iterative_scan = relaxed_order`));
  const q = vectorParam(opts.embedding, cast);
  // dims is a literal so the planner can match the partial index's predicate.
  const result = await tx.execute(sql`
    with hits as materialized (
      select c.id, c.embedding::${cast} <=> ${q} as distance
      from kb_chunk c
      where c.organization_id = ${opts.orgId} and c.knowledge_base_id = any(${textArray(opts.kbIds)}::uuid[])
        and c.dims = ${sql.raw(String(dims))} ${opts.fileFilter ? sql`and ${opts.fileFilter}` : sql``}
      order by c.embedding::${cast} <=> ${q}
      limit ${opts.limit}
    )
    select id, distance from hits order by distance, id`);
  return rows<{ id: string | number; distance: number | string }>(result).map((r) => ({
    chunkId: Number(r.id),
    similarity: 1 - Number(r.distance),
  }));
}
