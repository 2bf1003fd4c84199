// Knowledge bases and their files (hub spec §3). A file row is also its ingestion job: the worker claims
// pending rows (and processing rows whose lease ran out) with FOR UPDATE SKIP LOCKED (decision 045).
import { bigint, foreignKey, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { organization, user } from "./auth";
import type { JsonSchema, KbFileStatus } from "../../../shared/knowledge-bases";

export const knowledgeBase = pgTable(
  "knowledge_base",
  {
    id: uuid("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    embeddingModel: text("embedding_model").notNull(),
    embeddingDimensions: integer("embedding_dimensions").notNull(),
    extractionModel: text("extraction_model"),
    extractionSchema: jsonb("extraction_schema").$type<JsonSchema>(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("knowledge_base_org_id_unique").on(t.organizationId, t.id),
    index("knowledge_base_org_idx").on(t.organizationId),
  ],
);

export const kbFile = pgTable(
  "kb_file",
  {
    // The upload's fileId (from POST /api/upload/presigned): one upload belongs to one knowledge base.
    id: uuid("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    knowledgeBaseId: uuid("knowledge_base_id").notNull(),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    fileKey: text("file_key").notNull(),
    contentKey: text("content_key").notNull(),
    contentType: text("content_type").notNull(),
    fileSize: bigint("file_size", { mode: "number" }).notNull().default(0),
    processingStatus: text("processing_status").$type<KbFileStatus>().notNull().default("pending"),
    processingError: text("processing_error"),
    extractedData: jsonb("extracted_data").$type<Record<string, unknown>>().notNull().default({}),
    extractedDataPages: jsonb("extracted_data_pages").$type<Record<string, number | null>>().notNull().default({}),
    pageCount: integer("page_count"),
    chunkCount: integer("chunk_count").notNull().default(0),
    // The job's lease: a worker owns a processing row until lease_expires_at and renews it while it works.
    attempts: integer("attempts").notNull().default(0),
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: timestamp("lease_expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("kb_file_org_id_unique").on(t.organizationId, t.id),
    foreignKey({
      name: "kb_file_knowledge_base_fk",
      columns: [t.organizationId, t.knowledgeBaseId],
      foreignColumns: [knowledgeBase.organizationId, knowledgeBase.id],
    }).onDelete("cascade"),
    index("kb_file_org_kb_idx").on(t.organizationId, t.knowledgeBaseId),
    index("kb_file_job_idx").on(t.processingStatus, t.leaseExpiresAt),
  ],
);

/**
 * Blobs to remove, written in the same transaction that deletes their rows; a worker deletes them
 * from the store and then the row, retrying with backoff. No blob outlives its file for long.
 */
export const kbBlobDeletion = pgTable(
  "kb_blob_deletion",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    organizationId: text("organization_id").notNull(),
    key: text("key").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("kb_blob_deletion_due_idx").on(t.nextAttemptAt)],
);
