-- BM25 early termination (decision 110): a term's postings read best first by their impact, BM25's tf and
-- length part with a reference average length of 100 terms (IMPACT_SQL in src/server/kb/index/bm25.ts:
-- the same expression, or the planner cannot use this index to order the read). An expression, not a
-- stored column: nothing to backfill or to compute at write time. Hand-written (INCLUDE): carry over as is.
-- Also serves the per-term df count (its first two columns), so it replaces kb_posting_search_idx.
CREATE INDEX IF NOT EXISTS "kb_posting_impact_idx" ON "kb_posting" ("knowledge_base_id", "term", (("tf"::float8 / ("tf"::float8 + 0.54::float8 + 0.0036::float8 * "doc_len"::float8))) DESC) INCLUDE ("organization_id", "chunk_id", "tf", "doc_len");
--> statement-breakpoint
DROP INDEX IF EXISTS "kb_posting_search_idx";
