// The knowledge-base index's contract: what ingestion writes and what search returns. The
// implementation is in chunks.ts (writes) and search.ts (reads); see decision 048.

/** One chunk of a file as ingestion hands it over: its text and its embedding by the KB's model. */
export interface ChunkInput {
  /** 0-based position of the chunk in its file (read_kb_file pages through chunks in this order). */
  chunkIndex: number;
  /** 1-based page the chunk starts on (PDF), null for formats without pages. */
  pageNumber: number | null;
  content: string;
  /** The KB's embedding model's vector; every chunk of a KB has the KB's dimension count. */
  embedding: number[];
}

export type SearchMode = "hybrid" | "vector" | "text";

export interface SearchOptions {
  /** Knowledge bases to search, already checked to belong to the organisation and to be accessible. */
  knowledgeBaseIds: string[];
  query: string;
  /** The query embedded with the KBs' embedding model; may be null in text mode. */
  queryEmbedding: number[] | null;
  topK: number;
  includeFileIds?: string[];
  excludeFileIds?: string[];
  mode: SearchMode;
}

export interface SearchHit {
  chunkId: string;
  knowledgeBaseId: string;
  fileId: string;
  chunkIndex: number;
  pageNumber: number | null;
  content: string;
  /** Which leg ranked the chunk highest: "vector" (dense) or "text" (BM25) — TOOL-33. */
  searchType: "vector" | "text";
  /** 0 to 1: cosine similarity for vector hits, BM25 normalised by the query's best for text hits. */
  similarityScore: number;
}
