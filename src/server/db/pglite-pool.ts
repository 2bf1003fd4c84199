// PGlite's buffer pool sized from the knowledge bases' vector indexes (decision 126). The pool costs its
// whole size for the life of the process (PGlite's WebAssembly heap never shrinks), so an install without
// large knowledge bases keeps the small default; one whose HNSW indexes outgrow it gets a pool that holds
// them, because every HNSW page a search misses is a read through PGlite's file system (at 10,000 chunks ×
// 1,536 dimensions: hybrid search p95 68–75 ms at 32MB, 44–45 at 128MB).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const PGLITE_POOL = {
  /** The pool without large indexes (decision 089: idle memory). */
  minMb: 32,
  /** The most the automatic size takes; PGLITE_SHARED_BUFFERS sets any size. */
  maxMb: 256,
  /** The pool holds the HNSW indexes this many times over: a search also reads its rows' vectors and postings. */
  indexFactor: 1.5,
  stepMb: 16,
};

const MB = 1024 * 1024;
const SIZE = /^[1-9][0-9]*(kB|MB|GB)$/;

/** The pool for HNSW indexes of `indexBytes` in all, as PostgreSQL's size setting. */
export function autoPoolSize(indexBytes: number): string {
  const wanted = Math.ceil((indexBytes * PGLITE_POOL.indexFactor) / MB / PGLITE_POOL.stepMb) * PGLITE_POOL.stepMb;
  return `${Math.min(PGLITE_POOL.maxMb, Math.max(PGLITE_POOL.minMb, wanted))}MB`;
}

/** Size settings in megabytes, for comparing them. */
export function sizeMb(size: string): number {
  const n = Number.parseInt(size, 10);
  return size.endsWith("GB") ? n * 1024 : size.endsWith("kB") ? n / 1024 : n;
}

/** The HNSW indexes' bytes (every embedding size's partial index), read from the catalogue. */
export const HNSW_INDEX_BYTES_SQL = `select coalesce(sum(pg_relation_size(c.oid)), 0)::float8 as bytes
  from pg_class c where c.relkind = 'i' and c.relname like 'kb_chunk_hnsw%'`;

/**
 * The size the last start chose, kept beside the database (`pglite-buffers` in the data directory), so a
 * start opens PGlite once with it; null when there is none or it is not a size the automatic sizing gives.
 */
export function readPoolHint(dataDir: string): string | null {
  try {
    const size = readFileSync(path.join(dataDir, "pglite-buffers"), "utf8").trim();
    // Only a size this file could hold: an edited one must not keep PGlite from starting.
    return SIZE.test(size) && sizeMb(size) >= PGLITE_POOL.minMb && sizeMb(size) <= PGLITE_POOL.maxMb ? size : null;
  } catch {
    return null;
  }
}

export function writePoolHint(dataDir: string, size: string) {
  writeFileSync(path.join(dataDir, "pglite-buffers"), `${size}\n`, { mode: 0o600 });
}
