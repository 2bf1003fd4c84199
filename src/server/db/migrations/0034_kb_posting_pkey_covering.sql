-- Decision 134: the postings' primary key carries tf and doc_len (INCLUDE), so BM25's probes for one (chunk,
-- term) posting — the rescoring of early termination and the dense leg's candidates' scores — read the index
-- alone instead of a heap page each (~1,000 random heap pages a hybrid search at 100,000 chunks). The probes name
-- no organisation (bm25.ts PROBE): their chunks are the organisation's already. The key is unchanged, so inserts,
-- ON CONFLICT and the cascade from kb_chunk use it as before. Rebuilt once on existing installs.
DO $$
BEGIN
  IF version() NOT LIKE '%emscripten%' THEN
    -- The sort in memory (this transaction only); PGlite keeps its default (its WebAssembly heap).
    PERFORM set_config('maintenance_work_mem', '1GB', true);
  END IF;
  ALTER TABLE "kb_posting" DROP CONSTRAINT "kb_posting_pkey";
  ALTER TABLE "kb_posting" ADD CONSTRAINT "kb_posting_pkey" PRIMARY KEY ("chunk_id", "term") INCLUDE ("tf", "doc_len");
END $$;
