// The knowledge-base search index (decision 048): chunks with their embedding, and the BM25 postings
// and per-file length statistics the lexical leg scores from. Rows are written and deleted only by
// src/server/kb/index/; they go with their file through the foreign keys' cascades.
import {
  bigint,
  customType,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { organization } from "./auth";

/**
 * A pgvector `vector` without a fixed dimension count: knowledge bases use different embedding
 * models. HNSW indexes are per dimension count, partial on `dims` (custom migration).
 */
const anyVector = customType<{ data: number[]; driverData: string }>({
  dataType: () => "vector",
  toDriver: (v) => `[${v.join(",")}]`,
  fromDriver: (v) => JSON.parse(v) as number[],
});

export const kbChunk = pgTable(
  "kb_chunk",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    knowledgeBaseId: uuid("knowledge_base_id").notNull(),
    fileId: uuid("file_id").notNull(),
    chunkIndex: integer("chunk_index").notNull(),
    pageNumber: integer("page_number"),
    content: text("content").notNull(),
    embedding: anyVector("embedding").notNull(),
    /** The embedding's dimension count: the partial HNSW indexes and the query's cast key on it. */
    dims: smallint("dims").notNull(),
    /** BM25 document length: the number of indexed terms (stop words removed, stemmed). */
    docLen: integer("doc_len").notNull(),
  },
  (t) => [
    unique("kb_chunk_org_id_unique").on(t.organizationId, t.id),
    uniqueIndex("kb_chunk_file_idx").on(t.organizationId, t.fileId, t.chunkIndex),
    index("kb_chunk_kb_idx").on(t.organizationId, t.knowledgeBaseId, t.dims),
  ],
);

/** One row per (chunk, term): the inverted index BM25 is scored from. */
export const kbPosting = pgTable(
  "kb_posting",
  {
    organizationId: text("organization_id").notNull(),
    knowledgeBaseId: uuid("knowledge_base_id").notNull(),
    chunkId: bigint("chunk_id", { mode: "number" }).notNull(),
    term: text("term").notNull(),
    tf: integer("tf").notNull(),
    /** Copied from the chunk so that scoring reads the postings index only. */
    docLen: integer("doc_len").notNull(),
  },
  (t) => [
    // Also serves the cascade from kb_chunk; the search index (knowledge_base_id, term) INCLUDE (…)
    // is in the custom migration (drizzle cannot express INCLUDE).
    primaryKey({ name: "kb_posting_pkey", columns: [t.chunkId, t.term] }),
    foreignKey({
      name: "kb_posting_chunk_fk",
      columns: [t.organizationId, t.chunkId],
      foreignColumns: [kbChunk.organizationId, kbChunk.id],
    }).onDelete("cascade"),
  ],
);

/** Per file: how many chunks and terms it put into its knowledge base (BM25's N and average length). */
export const kbFileIndexStat = pgTable("kb_file_index_stat", {
  organizationId: text("organization_id").notNull(),
  knowledgeBaseId: uuid("knowledge_base_id").notNull(),
  fileId: uuid("file_id").primaryKey(),
  chunkCount: integer("chunk_count").notNull(),
  totalLen: bigint("total_len", { mode: "number" }).notNull(),
});
