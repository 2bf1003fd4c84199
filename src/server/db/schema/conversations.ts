import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { organization, user } from "./auth";

export const conversation = pgTable(
  "conversation",
  {
    id: uuid("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    agentId: integer("agent_id").notNull(),
    name: text("name"),
    firstMessageText: text("first_message_text"),
    // A sub-conversation (call_agent) points at the conversation and tool call that started it.
    parentConversationId: uuid("parent_conversation_id"),
    parentToolCallId: text("parent_tool_call_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("conversation_org_user_idx").on(t.organizationId, t.userId, t.updatedAt),
    index("conversation_parent_idx").on(t.parentConversationId),
    unique("conversation_org_id_unique").on(t.organizationId, t.id),
  ],
);

export const message = pgTable(
  "message",
  {
    id: uuid("id").primaryKey(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id").notNull(),
    clientId: text("client_id"),
    role: text("role").notNull(), // user | assistant | system
    content: text("content").notNull().default(""),
    parts: jsonb("parts").$type<unknown[]>().notNull().default([]),
    attachments: jsonb("attachments").$type<unknown[]>().notNull().default([]),
    annotations: jsonb("annotations").$type<unknown[]>().notNull().default([]),
    // complete | streaming | aborted | error | interrupted
    status: text("status").notNull().default("complete"),
    error: text("error"),
    model: text("model"),
    finishReason: text("finish_reason"),
    inputTokens: integer("input_tokens"),
    outputTokens: integer("output_tokens"),
    /**
     * True while the dashboard's rollup has not counted the row yet (decision 103): a chat's user message
     * and reply placeholder, stored before the model is called, are counted when the reply is finalised
     * (or deleted), so the statement on the way to the first token fires no rollup trigger.
     */
    rollupDeferred: boolean("rollup_deferred").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("message_conversation_idx").on(t.conversationId, t.seq),
    // Conversation search (issue 17): words of the message text, in no language's stemming.
    index("message_content_search_idx").using("gin", sql`to_tsvector('simple', ${t.content})`),
    // The few rows the dashboard's rollup has not counted yet (decision 103), found by their conversation.
    index("message_rollup_deferred_idx")
      .on(t.conversationId, t.seq)
      .where(sql`${t.rollupDeferred}`),
    unique("message_org_id_unique").on(t.organizationId, t.id),
    foreignKey({
      name: "message_conversation_fk",
      columns: [t.organizationId, t.conversationId],
      foreignColumns: [conversation.organizationId, conversation.id],
    }).onDelete("cascade"),
  ],
);

/** One assistant reply being generated: its line-protocol output is kept so any replica can resume it. */
export const chatStream = pgTable(
  "chat_stream",
  {
    id: uuid("id").primaryKey(), // = the assistant message id
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id").notNull(),
    status: text("status").notNull().default("active"), // active | done | error | aborted | interrupted
    instanceId: text("instance_id").notNull(),
    stopRequested: boolean("stop_requested").notNull().default(false),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("chat_stream_conversation_idx").on(t.conversationId),
    index("chat_stream_status_idx").on(t.status),
    unique("chat_stream_org_id_unique").on(t.organizationId, t.id),
    foreignKey({
      name: "chat_stream_conversation_fk",
      columns: [t.organizationId, t.conversationId],
      foreignColumns: [conversation.organizationId, conversation.id],
    }).onDelete("cascade"),
  ],
);

/** A batch of a reply's lines; deleted a little after the reply ends (decision 038). */
export const chatStreamChunk = pgTable(
  "chat_stream_chunk",
  {
    // No key of its own to organization: the one to chat_stream below covers the organisation and its
    // cascade, and a second check on every line's insert cost the database 1.3–2.3 ms a 500-row insert
    // (decision 111).
    organizationId: text("organization_id").notNull(),
    streamId: uuid("stream_id").notNull(),
    seq: integer("seq").notNull(),
    data: text("data").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.streamId, t.seq] }),
    foreignKey({
      name: "chat_stream_chunk_stream_fk",
      columns: [t.organizationId, t.streamId],
      foreignColumns: [chatStream.organizationId, chatStream.id],
    }).onDelete("cascade"),
  ],
);

export const feedback = pgTable(
  "feedback",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    agentId: integer("agent_id").notNull(),
    isHelpful: boolean("is_helpful").notNull(),
    comment: text("comment"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    foreignKey({
      name: "feedback_conversation_fk",
      columns: [t.organizationId, t.conversationId],
      foreignColumns: [conversation.organizationId, conversation.id],
    }).onDelete("cascade"),
  ],
);
