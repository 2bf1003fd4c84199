// SQL pieces the index's writes and reads share.
import { sql, type SQL } from "drizzle-orm";
import { db, driverOf, type Db } from "../../db/client";

/** The database handle or a transaction on it: the index's writes join the caller's transaction. */
export type Queryable = Pick<Db, "execute">;

/**
 * The text search configuration terms are made with: Snowball English stemming and stop words, the
 * same analysis for chunks and queries (decision 048).
 */
export const TS_CONFIG = sql.raw(`'english'::regconfig`);

/** A JS array as one SQL parameter (drizzle would spread it into a parameter list). */
export const textArray = (values: readonly string[]): SQL =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** A vector literal for pgvector, cast to the dimension count the partial HNSW index expects. */
export const vectorParam = (v: readonly number[], cast: SQL): SQL => sql`${`[${v.join(",")}]`}::${cast}`;

/** The query as a full-precision `vector`: exact cosines, whatever type the index compares. */
export const exactParam = (v: readonly number[]): SQL => vectorParam(v, sql.raw("vector"));

/**
 * From how many dimensions the HNSW index holds halfvec (2 bytes a dimension) instead of vector, per engine.
 * HNSW on vector stops at 2,000 dimensions. On PostgreSQL from 1,536 (decision 128, migration 0031: half the
 * graph's pages, hybrid search 4–6 ms faster at 10,000 chunks, same recall); PGlite's WebAssembly pgvector
 * converts half floats in software, so there it stays vector below 2,001. Must match the index expressions
 * in the custom migrations.
 */
export const VECTOR_INDEX = { halfvecMinDims: { postgres: 1536, pglite: 2001 } };

/**
 * How the HNSW graphs are built (decision 130, migration 0032): m 16 (pgvector's default) and ef_construction
 * 200 instead of its 64. The better-connected graph reaches the same recall with a narrower search (HNSW's
 * ef_search in dense.ts), so a search reads fewer of the graph's pages. Must match the migrations' index
 * definitions.
 */
export const HNSW_GRAPH = { m: 16, efConstruction: 200 };

/**
 * The type an embedding is compared as in the HNSW index's order on the process's database: vector(n), or
 * halfvec(n) from VECTOR_INDEX.halfvecMinDims (text-embedding-3-large's 3,072 everywhere). Scores are
 * computed exactly (exactParam).
 */
export function vectorCast(dims: number): SQL {
  return sql.raw(indexType(dims));
}

/** vectorCast's type as text: `vector(n)` or `halfvec(n)`. */
export function indexType(dims: number): string {
  if (!Number.isInteger(dims) || dims < 1 || dims > 16000) throw new Error(`Bad embedding dimension count: ${dims}`);
  const engine = "pool" in driverOf(db()) ? "postgres" : "pglite";
  return dims >= VECTOR_INDEX.halfvecMinDims[engine] ? `halfvec(${dims})` : `vector(${dims})`;
}

export const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
