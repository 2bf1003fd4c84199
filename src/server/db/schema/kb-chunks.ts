// The knowledge-base search index (decision 048): chunks with their embedding, and the BM25 postings
// and per-file length statistics the lexical leg scores from. Rows are written and deleted only by
// src/server/kb/index/; they go with their file through the foreign keys' cascades.
import {
  bigint,
  boolean,
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
import { sql } from "drizzle-orm";
import { organization } from "./auth";
import { kbFile, knowledgeBase } from "./knowledge-bases";

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
    // Deleting a file or a knowledge base deletes its chunks, and their postings with them: no orphans.
    foreignKey({
      name: "kb_chunk_file_fk",
      columns: [t.organizationId, t.fileId],
      foreignColumns: [kbFile.organizationId, kbFile.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "kb_chunk_knowledge_base_fk",
      columns: [t.organizationId, t.knowledgeBaseId],
      foreignColumns: [knowledgeBase.organizationId, knowledgeBase.id],
    }).onDelete("cascade"),
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
    // Also serves the cascade from kb_chunk. Migration 0034 gives it INCLUDE (tf, doc_len) for BM25's
    // index-only probes (decision 134), and the search index (knowledge_base_id, term) INCLUDE (…) is in
    // the custom migrations too (drizzle cannot express INCLUDE).
    primaryKey({ name: "kb_posting_pkey", columns: [t.chunkId, t.term] }),
    foreignKey({
      name: "kb_posting_chunk_fk",
      columns: [t.organizationId, t.chunkId],
      foreignColumns: [kbChunk.organizationId, kbChunk.id],
    }).onDelete("cascade"),
  ],
);

/** Per file: how many chunks and terms it put into its knowledge base (BM25's N and average length). */
export const kbFileIndexStat = pgTable(
  "kb_file_index_stat",
  {
    organizationId: text("organization_id").notNull(),
    knowledgeBaseId: uuid("knowledge_base_id").notNull(),
    fileId: uuid("file_id").primaryKey(),
    chunkCount: integer("chunk_count").notNull(),
    totalLen: bigint("total_len", { mode: "number" }).notNull(),
    /** Counted in its knowledge base's rollup (kb_index_rollup, kb_term_rollup; decision 135). */
    rolledUp: boolean("rolled_up").notNull().default(false),
  },
  (t) => [
    foreignKey({
      name: "kb_file_index_stat_file_fk",
      columns: [t.organizationId, t.fileId],
      foreignColumns: [kbFile.organizationId, kbFile.id],
    }).onDelete("cascade"),
    index("kb_file_index_stat_kb_idx").on(t.organizationId, t.knowledgeBaseId),
    // The files outside their knowledge base's df rollup (decision 135): usually none, read at every search.
    index("kb_file_index_stat_outside_idx")
      .on(t.organizationId, t.knowledgeBaseId)
      .where(sql`not ${t.rolledUp}`),
  ],
);

/**
 * Per file and term: how many of the file's chunks hold the term (decision 115). BM25's document
 * frequency is the sum of a term's rows over the knowledge base's files, read from the search index
 * instead of counting the term's postings (38,000 index entries for a 12-term claim at 100k chunks).
 * Rows per file, not a counter per (knowledge base, term): each file's ingestion writes only its own
 * rows, so concurrent ingestions of one knowledge base never wait on each other, and a deleted file's
 * rows go with it through the cascade, so the df is exact after any delete with nothing to decrement.
 */
export const kbFileTerm = pgTable(
  "kb_file_term",
  {
    organizationId: text("organization_id").notNull(),
    knowledgeBaseId: uuid("knowledge_base_id").notNull(),
    fileId: uuid("file_id").notNull(),
    term: text("term").notNull(),
    df: integer("df").notNull(),
  },
  (t) => [
    // Also serves the cascade from kb_file and the upsert of each batch of the file's chunks.
    primaryKey({ name: "kb_file_term_pkey", columns: [t.fileId, t.term] }),
    foreignKey({
      name: "kb_file_term_file_fk",
      columns: [t.organizationId, t.fileId],
      foreignColumns: [kbFile.organizationId, kbFile.id],
    }).onDelete("cascade"),
    // The df read: a term's rows in a knowledge base from the index alone (organisation and df trailing).
    index("kb_file_term_df_idx").on(t.knowledgeBaseId, t.term, t.organizationId, t.df),
  ],
);

/**
 * Per knowledge base: the statistics of the files its df rollup holds (decision 135), the files whose
 * kb_file_index_stat row has `rolled_up`: BM25's N and length read one row instead of one a file.
 */
export const kbIndexRollup = pgTable(
  "kb_index_rollup",
  {
    knowledgeBaseId: uuid("knowledge_base_id").primaryKey(),
    organizationId: text("organization_id").notNull(),
    files: integer("files").notNull(),
    chunkCount: bigint("chunk_count", { mode: "number" }).notNull(),
    totalLen: bigint("total_len", { mode: "number" }).notNull(),
    /**
     * Set by a trigger when a rolled-up file's statistics row is deleted or grows without the file leaving the
     * rollup (a cascade no code saw): searches stop trusting the rollup until the next job rebuilds it.
     */
    stale: boolean("stale").notNull().default(false),
  },
  (t) => [
    foreignKey({
      name: "kb_index_rollup_knowledge_base_fk",
      columns: [t.organizationId, t.knowledgeBaseId],
      foreignColumns: [knowledgeBase.organizationId, knowledgeBase.id],
    }).onDelete("cascade"),
  ],
);

/**
 * Per knowledge base and term: the df summed over the rolled-up files' kb_file_term rows (decision 135), so a
 * query term's df is one index entry instead of one a file (~760 at 100,000 chunks). Written only by the
 * rollup (index/rollup.ts), which takes a file in once it is indexed and out before it is deleted or
 * re-indexed, under one advisory lock a knowledge base: ingestion never writes it.
 */
export const kbTermRollup = pgTable(
  "kb_term_rollup",
  {
    organizationId: text("organization_id").notNull(),
    knowledgeBaseId: uuid("knowledge_base_id").notNull(),
    term: text("term").notNull(),
    df: integer("df").notNull(),
  },
  (t) => [
    // The migration adds INCLUDE (df): BM25 reads a term's df from the index alone.
    primaryKey({ name: "kb_term_rollup_pkey", columns: [t.knowledgeBaseId, t.term] }),
    foreignKey({
      name: "kb_term_rollup_knowledge_base_fk",
      columns: [t.organizationId, t.knowledgeBaseId],
      foreignColumns: [knowledgeBase.organizationId, knowledgeBase.id],
    }).onDelete("cascade"),
  ],
);
