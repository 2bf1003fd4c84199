import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { organization } from "./auth";

/**
 * The dashboard's rollup (decision 053): one row per conversation, maintained by database triggers as
 * messages and feedback are written, so figures never come from scanning messages per request.
 * A root conversation's row holds its own figures plus every sub-conversation's (call_agent counts
 * toward its parent); a sub-conversation's row holds its own, for the card's list of sub-agents.
 * The composite foreign key to conversation(organization_id, id) and the triggers are in the custom
 * migration "dashboard_rollup_triggers" (the key needs conversation_org_id_unique to exist first).
 */
export const conversationStats = pgTable(
  "conversation_stats",
  {
    conversationId: uuid("conversation_id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    rootConversationId: uuid("root_conversation_id").notNull(),
    isRoot: integer("is_root").notNull(), // 1 or 0: a number so partial indexes stay simple
    userId: text("user_id"),
    agentId: integer("agent_id").notNull(),
    messageCount: integer("message_count").notNull().default(0),
    attachmentCount: integer("attachment_count").notNull().default(0),
    toolCallCount: integer("tool_call_count").notNull().default(0),
    inputTokens: integer("input_tokens").notNull().default(0),
    outputTokens: integer("output_tokens").notNull().default(0),
    feedbackTotal: integer("feedback_total").notNull().default(0),
    feedbackHelpful: integer("feedback_helpful").notNull().default(0),
    /** tool name → number of calls */
    toolCounts: jsonb("tool_counts").$type<Record<string, number>>().notNull().default({}),
    /** model key → input / output tokens, for cost (decision 084); "" = a message that named no model */
    modelInputTokens: jsonb("model_input_tokens").$type<Record<string, number>>().notNull().default({}),
    modelOutputTokens: jsonb("model_output_tokens").$type<Record<string, number>>().notNull().default({}),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    // The interactions page's order; the trailing agent and user let a filter on them be checked in the
    // index, and the page's keys come from the index alone (decision 103).
    index("conversation_stats_org_activity_idx")
      .on(t.organizationId, t.lastActivityAt, t.conversationId, t.agentId, t.userId)
      .where(sql`${t.isRoot} = 1 and ${t.deletedAt} is null`),
    index("conversation_stats_org_user_activity_idx")
      .on(t.organizationId, t.userId, t.lastActivityAt, t.conversationId, t.agentId)
      .where(sql`${t.isRoot} = 1 and ${t.deletedAt} is null`),
    index("conversation_stats_root_idx").on(t.rootConversationId),
  ],
);

/**
 * The stats tiles' per-day rollup (decision 097): the root, not deleted rows of conversation_stats summed by
 * the UTC day of their last activity, at four levels — agent_id 0 = every agent, user_id '*' = every user
 * ('' = a conversation without a user) — and in 16 slots by conversation, so a whole day's figures for the
 * organisation, an agent, a user or an agent and a user are at most 16 rows, and concurrent chats seldom
 * wait for one another's row. Kept by a trigger on conversation_stats (custom migration
 * "dashboard_day_rollup_triggers"); getStats reads whole UTC days here and the range's partial first and
 * last day from conversation_stats, so any range stays exact.
 */
export const conversationDayStats = pgTable(
  "conversation_day_stats",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    agentId: integer("agent_id").notNull(),
    userId: text("user_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    /** 0–15 from the conversation's id: concurrent chats of one organisation rarely update the same row */
    slot: smallint("slot").notNull(),
    conversationCount: bigint("conversation_count", { mode: "number" }).notNull().default(0),
    messageCount: bigint("message_count", { mode: "number" }).notNull().default(0),
    toolCallCount: bigint("tool_call_count", { mode: "number" }).notNull().default(0),
    inputTokens: bigint("input_tokens", { mode: "number" }).notNull().default(0),
    outputTokens: bigint("output_tokens", { mode: "number" }).notNull().default(0),
    feedbackTotal: bigint("feedback_total", { mode: "number" }).notNull().default(0),
    feedbackHelpful: bigint("feedback_helpful", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.agentId, t.userId, t.day, t.slot] })],
);

/** An organisation's own price for a model (decision 084); catalogue models fall back to built-in defaults. */
export const modelPrice = pgTable(
  "model_price",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    model: text("model").notNull(),
    /** US dollars per 1,000,000 tokens */
    inputPerMillion: doublePrecision("input_per_million").notNull(),
    outputPerMillion: doublePrecision("output_per_million").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.model] })],
);
