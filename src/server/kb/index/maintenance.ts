// Upkeep of the search index's tables on the embedded database (decision 105). PGlite runs no
// autovacuum, so without this their visibility map stays empty: BM25 then reads every posting's heap
// page as well as its index entry (a bitmap heap scan instead of an index-only scan), which made hybrid
// search at 10,000 chunks 79 ms p50 instead of 43 ms (bench/README.md).
import { sql } from "drizzle-orm";
import { db } from "../../db/client";

/**
 * VACUUM of the index's tables. Only pages changed since the last one are read, so after each file
 * it costs little. kb_chunk with INDEX_CLEANUP OFF: removing deleted rows from the HNSW index rewrites
 * the graph's neighbours and would hold the embedded database (one connection) for seconds on a large
 * table; their index entries are skipped at search (a dead heap item). The postings (and kb_file_term, whose df BM25 reads from its index alone, decision 115) keep the default
 * (AUTO): their indexes are B-trees, cheap to clean, and a page that keeps a deleted posting's dead item
 * never becomes all-visible, so after deletes BM25 would read those heap pages again. No ANALYZE: with
 * statistics the plans measured no better (bench/README.md), and it reads a sample of every table.
 */
export async function vacuumIndexTables(): Promise<void> {
  await db().execute(sql`vacuum (index_cleanup off) kb_chunk`);
  await db().execute(sql`vacuum kb_posting, kb_file_index_stat, kb_file_term, kb_term_rollup, kb_index_rollup`);
}
