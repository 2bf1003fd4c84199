-- Decision 130: the HNSW graphs are built with ef_construction 200 (pgvector's default is 64), m 16 as before.
-- A better-connected graph reaches the same recall with a narrower search: at 100,000 chunks the vector leg's
-- recall@10 against exact was 0.966 at ef_search 150 against 0.959 at 300 on the old graph, and it reads half the
-- pages, which is what a search of a collection larger than the buffer pool waits on (hybrid p95 28 → 19 ms on
-- PostgreSQL with 128MB shared_buffers). Building costs ~2.3× (and so does each chunk's insert into the graph).
-- Must match sql-parts.ts HNSW_GRAPH. Existing graphs are rebuilt once here: on PostgreSQL ~15 s per 10,000
-- chunks, on PGlite ~60–90 s.
DO $$
BEGIN
  DROP INDEX IF EXISTS "kb_chunk_hnsw_1536_idx";
  DROP INDEX IF EXISTS "kb_chunk_hnsw_3072_idx";
  IF version() NOT LIKE '%emscripten%' THEN
    -- Both graphs built in memory (this transaction only); PGlite keeps its default (its WebAssembly heap).
    PERFORM set_config('maintenance_work_mem', '1GB', true);
    CREATE INDEX "kb_chunk_hnsw_1536_idx" ON "kb_chunk" USING hnsw (("embedding"::halfvec(1536)) halfvec_cosine_ops) WITH (m = 16, ef_construction = 200) WHERE "dims" = 1536;
  ELSE
    CREATE INDEX "kb_chunk_hnsw_1536_idx" ON "kb_chunk" USING hnsw (("embedding"::vector(1536)) vector_cosine_ops) WITH (m = 16, ef_construction = 200) WHERE "dims" = 1536;
  END IF;
  CREATE INDEX "kb_chunk_hnsw_3072_idx" ON "kb_chunk" USING hnsw (("embedding"::halfvec(3072)) halfvec_cosine_ops) WITH (m = 16, ef_construction = 200) WHERE "dims" = 3072;
END $$;
