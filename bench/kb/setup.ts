// Shared setup of the knowledge-base benches: a migrated database (PGlite in memory, or DATABASE_URL),
// an organisation row and the timing helpers.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { openDatabase, setDb, type Database } from "../../src/server/db/client";
import { loadConfig } from "../../src/server/config";
import { HNSW_GRAPH, VECTOR_INDEX, indexType } from "../../src/server/kb/index/sql-parts";

/** A migrated database and a new bench organisation, or the kept organisation `reuseOrg` (not created again). */
export async function benchDatabase(reuseOrg?: string): Promise<{ database: Database; orgId: string }> {
  const url = process.env.DATABASE_URL;
  // BENCH_PGLITE_DIR: PGlite on disk instead of in memory (100k chunks' postings and vectors, ~3 GB, do not
  // fit in its WebAssembly heap).
  // PGlite with the product's buffer pool (PGLITE_SHARED_BUFFERS: auto by default, sized from the vector
  // indexes on disk at open, decision 126), not PGlite's own 128MB: an index larger than the pool is read
  // through the file system, as a server's search reads it. Set a size to measure one.
  const database = await openDatabase(
    url
      ? { url, poolSize: 4 }
      : { dataDir: process.env.BENCH_PGLITE_DIR, pgliteSharedBuffers: loadConfig().pgliteSharedBuffers },
  );
  setDb(database.db);
  if (reuseOrg) return { database, orgId: reuseOrg };
  const orgId = `bench-${randomUUID()}`;
  await database.db.execute(sql`insert into organization (id, name, slug) values (${orgId}, 'KB bench', ${orgId})`);
  return { database, orgId };
}

/** Removes the bench's organisation (its chunks and postings go with it) so PostgreSQL is left clean. */
export async function dropBenchOrg(database: Database, orgId: string) {
  await database.db.execute(sql`delete from organization where id = ${orgId}`);
}

export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

export const dbLabel = () => (process.env.DATABASE_URL ? "PostgreSQL" : "PGlite");

export async function benchKb(database: Database, orgId: string, dims: number): Promise<string> {
  const id = randomUUID();
  await database.db.execute(sql`
    insert into knowledge_base (id, organization_id, name, embedding_model, embedding_dimensions)
    values (${id}, ${orgId}, 'Bench', 'openai:text-embedding-3-small', ${dims})`);
  return id;
}

/** kb_file rows for `names`, in one statement; returns their ids in order. */
export async function benchFiles(database: Database, orgId: string, kbId: string, names: string[]): Promise<string[]> {
  const ids = names.map(() => randomUUID());
  for (let i = 0; i < names.length; i += 1000) {
    const values = sql.join(
      names
        .slice(i, i + 1000)
        .map(
          (name, j) =>
            sql`(${ids[i + j]}, ${orgId}, ${kbId}, ${name}, ${`bench/${name}`}, ${`bench/${name}.txt`}, 'text/plain', 'indexed')`,
        ),
      sql`, `,
    );
    await database.db.execute(sql`
      insert into kb_file (id, organization_id, knowledge_base_id, file_name, file_key, content_key, content_type,
        processing_status) values ${values}`);
  }
  return ids;
}

/** BEIR SciFact (`../shared/data/scifact` beside the checkout, or SCIFACT_DIR). */
export const SCIFACT_DIR = process.env.SCIFACT_DIR ?? path.resolve("../shared/data/scifact");

/** SciFact's 5,183 abstracts as "title\n\ntext", in corpus order. */
export function scifactAbstracts(): string[] {
  return gunzipSync(readFileSync(path.join(SCIFACT_DIR, "corpus.jsonl.gz")))
    .toString("utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => {
      const d = JSON.parse(l) as { title: string; text: string };
      return `${d.title}\n\n${d.text}`;
    });
}

/** The first `n` of SciFact's train claims. */
export function scifactQueries(n: number): string[] {
  return readFileSync(path.join(SCIFACT_DIR, "queries-train.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .slice(0, n)
    .map((l) => (JSON.parse(l) as { text: string }).text);
}

const shippedIndex = { ...VECTOR_INDEX.halfvecMinDims };

/**
 * Which type the searches compare 1,536-dimension embeddings as: "product" (the engine's, decision 128:
 * halfvec on PostgreSQL, vector on PGlite), or "vector"/"halfvec" on either engine (the database needs an
 * index of that type: hnswIndexSql).
 */
export function useIndexType(type: "product" | "vector" | "halfvec") {
  const min = type === "halfvec" ? 1536 : 2001;
  VECTOR_INDEX.halfvecMinDims = type === "product" ? { ...shippedIndex } : { postgres: min, pglite: min };
}

/** The product's HNSW index for `dims` (its migrations' expression, of the type the searches now use). */
export function hnswIndexSql(dims = 1536, name = `kb_chunk_hnsw_${dims}_idx`) {
  const type = indexType(dims);
  const ops = type.startsWith("halfvec") ? "halfvec_cosine_ops" : "vector_cosine_ops";
  return sql.raw(
    `create index if not exists ${name} on kb_chunk using hnsw ((embedding::${type}) ${ops}) with (m = ${HNSW_GRAPH.m}, ef_construction = ${HNSW_GRAPH.efConstruction}) where dims = ${dims}`,
  );
}
