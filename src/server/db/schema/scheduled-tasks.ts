// Scheduled tasks and their executions (hub §3; decisions 040, 041). A task's cron is read in its
// creator's time zone; `nextRunAt` is the next occurrence the scheduler will claim. An execution is
// unique on (task, scheduled_for): two processes claiming one occurrence cannot both insert it.
import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
  boolean,
} from "drizzle-orm/pg-core";
import { organization, user } from "./auth";
import { agent } from "./agents";
import type { ExecutionMetadata } from "../../../shared/scheduled-tasks";

export const scheduledTask = pgTable(
  "scheduled_task",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    agentId: integer("agent_id").notNull(),
    // The creator: runs happen as them, in conversations they own, and failures are emailed to them.
    createdBy: text("created_by")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    prompt: text("prompt").notNull(),
    /** As entered: a preset or a cron expression. */
    schedule: text("schedule").notNull(),
    /** The normalised five-part form of `schedule`. */
    cron: text("cron").notNull(),
    timeZone: text("time_zone").notNull().default("UTC"),
    enabled: boolean("enabled").notNull().default(true),
    notifyOnCompletion: boolean("notify_on_completion").notNull().default(false),
    /** The next occurrence to claim; null while disabled or when the cron never matches again. */
    nextRunAt: timestamp("next_run_at", { withTimezone: true }),
    lastRunAt: timestamp("last_run_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Soft delete: the execution history stays (TASK-07's confirm says it is preserved).
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    unique("scheduled_task_org_id_unique").on(t.organizationId, t.id),
    foreignKey({
      name: "scheduled_task_agent_fk",
      columns: [t.organizationId, t.agentId],
      foreignColumns: [agent.organizationId, agent.id],
    }),
    index("scheduled_task_org_idx").on(t.organizationId, t.createdBy),
    index("scheduled_task_due_idx").on(t.nextRunAt),
  ],
);

export const scheduledTaskExecution = pgTable(
  "scheduled_task_execution",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    taskId: integer("task_id").notNull(),
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }).notNull(),
    // pending | running | completed | failed | skipped
    status: text("status").notNull().default("pending"),
    // schedule | manual
    trigger: text("trigger").notNull().default("schedule"),
    startedAt: timestamp("started_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    error: text("error"),
    conversationId: uuid("conversation_id"),
    /** The process running it and until when its lease holds (renewed by its heartbeat). */
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: timestamp("lease_expires_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    inputTokens: integer("input_tokens"),
    outputTokens: integer("output_tokens"),
    durationMs: integer("duration_ms"),
    metadata: jsonb("metadata").$type<ExecutionMetadata>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("scheduled_task_execution_occurrence_unique").on(t.taskId, t.scheduledFor),
    foreignKey({
      name: "scheduled_task_execution_task_fk",
      columns: [t.organizationId, t.taskId],
      foreignColumns: [scheduledTask.organizationId, scheduledTask.id],
    }).onDelete("cascade"),
    index("scheduled_task_execution_task_idx").on(t.organizationId, t.taskId, t.scheduledFor),
    index("scheduled_task_execution_status_idx").on(t.status, t.scheduledFor),
    // The dashboard's cost per task finds a conversation's execution (decision 084).
    index("scheduled_task_execution_conversation_idx").on(t.organizationId, t.conversationId),
  ],
);
