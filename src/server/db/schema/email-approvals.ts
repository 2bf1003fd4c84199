// send_email drafts that wait for the conversation owner's Send or Cancel (agent setting "ask before
// sending", decision 061). The row is the durable part: a reload finds the draft again, and any replica
// may take the answer while the executor that created the row polls it.
import { foreignKey, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organization } from "./auth";
import { conversation } from "./conversations";

/** pending → approved → sent | failed, or pending → cancelled | expired. */
export type EmailApprovalStatus = "pending" | "approved" | "cancelled" | "expired" | "sent" | "failed";

export interface DraftAttachment {
  fileId: string;
  filename: string;
  size: number;
}

export const emailApproval = pgTable(
  "email_approval",
  {
    id: uuid("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id").notNull(),
    toolCallId: text("tool_call_id").notNull(),
    recipients: jsonb("recipients").$type<string[]>().notNull(),
    subject: text("subject").notNull(),
    /** Already sanitised: what is shown is exactly what would be sent. */
    html: text("html").notNull(),
    attachments: jsonb("attachments").$type<DraftAttachment[]>().notNull().default([]),
    status: text("status").$type<EmailApprovalStatus>().notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    index("email_approval_tool_call_idx").on(t.organizationId, t.toolCallId),
    foreignKey({
      name: "email_approval_conversation_fk",
      columns: [t.organizationId, t.conversationId],
      foreignColumns: [conversation.organizationId, conversation.id],
    }).onDelete("cascade"),
  ],
);
