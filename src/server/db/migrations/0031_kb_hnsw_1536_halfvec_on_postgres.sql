-- Decision 128: on PostgreSQL the 1,536-dimension HNSW index holds halfvec (half the graph's pages; pgvector
-- converts half floats with the CPU's F16C instructions), which cut hybrid search by 4–6 ms at 10,000 chunks
-- with the same recall. PGlite keeps vector: its WebAssembly pgvector converts half floats in software
-- (decision 126: 9× slower build, 2× slower search). The search casts to the type of the engine it runs on
-- (sql-parts.ts VECTOR_INDEX). Rebuilding an existing index takes ~4 s per 10,000 chunks.
DO $$
BEGIN
  IF version() NOT LIKE '%emscripten%' THEN
    PERFORM set_config('maintenance_work_mem', '1GB', true);
    DROP INDEX IF EXISTS "kb_chunk_hnsw_1536_idx";
    CREATE INDEX "kb_chunk_hnsw_1536_idx" ON "kb_chunk" USING hnsw (("embedding"::halfvec(1536)) halfvec_cosine_ops) WHERE "dims" = 1536;
  END IF;
END $$;
