-- Knowledge-base search indexes drizzle-kit cannot express (decision 048). Hand-written: carry over as is.
-- BM25 reads a query term's postings from this index alone (index-only scan).
CREATE INDEX IF NOT EXISTS "kb_posting_search_idx" ON "kb_posting" ("knowledge_base_id", "term") INCLUDE ("organization_id", "chunk_id", "tf", "doc_len");
--> statement-breakpoint
-- One HNSW (cosine) index per embedding size in the model catalogue, partial on dims; the search casts
-- to the same type. Above HNSW's 2,000-dimension limit for vector, halfvec (up to 4,000).
CREATE INDEX IF NOT EXISTS "kb_chunk_hnsw_1536_idx" ON "kb_chunk" USING hnsw (("embedding"::vector(1536)) vector_cosine_ops) WHERE "dims" = 1536;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "kb_chunk_hnsw_3072_idx" ON "kb_chunk" USING hnsw (("embedding"::halfvec(3072)) halfvec_cosine_ops) WHERE "dims" = 3072;
