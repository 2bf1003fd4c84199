-- Decision 131: the impact index (migration 0027) without the organisation among its INCLUDE columns. Every
-- entry carried the organisation's id (32 characters and their alignment): ~40 % of the index, which at
-- 100,000 chunks was 1 GB, more than the postings' heap. BM25 now checks the organisation once, on the searched
-- knowledge bases (bm25.ts `ks`), and reads a knowledge base's postings by its id alone. The key must stay
-- IMPACT_SQL's expression tree (bm25.ts). Rebuilt once on existing installs: the postings are sorted again.
DO $$
BEGIN
  DROP INDEX IF EXISTS "kb_posting_impact_idx";
  IF version() NOT LIKE '%emscripten%' THEN
    -- The sort in memory (this transaction only); PGlite keeps its default (its WebAssembly heap).
    PERFORM set_config('maintenance_work_mem', '1GB', true);
  END IF;
  CREATE INDEX "kb_posting_impact_idx" ON "kb_posting" ("knowledge_base_id", "term", (("tf"::float8 / ("tf"::float8 + 0.54::float8 + 0.0036::float8 * "doc_len"::float8))) DESC) INCLUDE ("chunk_id", "tf", "doc_len");
END $$;
