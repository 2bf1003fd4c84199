import { bigint, index, pgTable, text, timestamp, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { organization, user } from "./auth";

/** pending (presigned, not yet seen), then uploaded → extracted | skipped | extraction_failed. */
export type FileStatus = "pending" | "uploaded" | "extracted" | "skipped" | "extraction_failed";

/**
 * Files uploaded to chat. The blob lives in the store under `key` (org/<orgId>/uploads/<id>/<name>),
 * its extracted text under `content_key`. Rows are always read by organisation and key.
 */
export const file = pgTable(
  "file",
  {
    id: uuid("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    key: text("key").notNull(),
    contentKey: text("content_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: bigint("size", { mode: "number" }),
    status: text("status").$type<FileStatus>().notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("file_org_key_idx").on(t.organizationId, t.key),
    index("file_org_user_idx").on(t.organizationId, t.userId),
    unique("file_org_id_unique").on(t.organizationId, t.id),
  ],
);
