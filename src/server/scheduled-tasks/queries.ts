// Scheduled tasks and executions, always read and written with the organisation; a member reaches only
// their own tasks, an admin every task of the organisation (decision 040).
import { and, count, desc, eq, gte, inArray, isNull, type SQL } from "drizzle-orm";
import { db } from "../db/client";
import { agent, scheduledTask, scheduledTaskExecution } from "../db/tables";
import { AppError } from "../errors";
import { parseSchedule } from "../../shared/cron";
import { nextRunAfter } from "../../shared/cron-next";
import type {
  ExecutionStats,
  ScheduledTask,
  ScheduledTaskInput,
  TaskExecution,
  ExecutionStatus,
} from "../../shared/scheduled-tasks";
import type { scheduledTaskInput } from "../../shared/scheduled-tasks";
import type { z } from "zod";
import { taskClock } from "./clock";

export interface Viewer {
  orgId: string;
  userId: string;
  isAdmin: boolean;
}

type TaskRow = typeof scheduledTask.$inferSelect;
type ExecutionRow = typeof scheduledTaskExecution.$inferSelect;
export type TaskValues = z.output<typeof scheduledTaskInput>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toTask(row: TaskRow, agentName: string): ScheduledTask {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    agentId: row.agentId,
    agentName,
    prompt: row.prompt,
    schedule: row.schedule,
    cron: row.cron,
    enabled: row.enabled,
    lastRunAt: iso(row.lastRunAt),
    timeZone: row.timeZone,
    nextRunAt: row.enabled ? iso(row.nextRunAt) : null,
    notifyOnCompletion: row.notifyOnCompletion,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toExecution(row: ExecutionRow): TaskExecution {
  return {
    id: row.id,
    taskId: row.taskId,
    scheduledFor: row.scheduledFor.toISOString(),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    status: row.status as ExecutionStatus,
    error: row.error,
    conversationId: row.conversationId,
    metadata: row.metadata,
  };
}

/** The tasks a viewer may see: the organisation's, and for a member only their own. */
function visible(v: Viewer): SQL {
  const base = and(eq(scheduledTask.organizationId, v.orgId), isNull(scheduledTask.deletedAt))!;
  return v.isAdmin ? base : and(base, eq(scheduledTask.createdBy, v.userId))!;
}

const taskColumns = { task: scheduledTask, agentName: agent.name };
const withAgent = () =>
  db()
    .select(taskColumns)
    .from(scheduledTask)
    .innerJoin(agent, and(eq(agent.organizationId, scheduledTask.organizationId), eq(agent.id, scheduledTask.agentId)));

export async function listTasks(v: Viewer): Promise<ScheduledTask[]> {
  const rows = await withAgent().where(visible(v)).orderBy(desc(scheduledTask.createdAt), desc(scheduledTask.id));
  return rows.map((r) => toTask(r.task, r.agentName));
}

export async function getTask(v: Viewer, id: number): Promise<ScheduledTask> {
  const [row] = await withAgent()
    .where(and(visible(v), eq(scheduledTask.id, id)))
    .limit(1);
  if (!row) throw new AppError("not_found", "Task not found");
  return toTask(row.task, row.agentName);
}

/** The next occurrence after now, or null while disabled. */
export function computeNextRun(cron: string, timeZone: string, enabled: boolean, now = taskClock().now()) {
  return enabled ? nextRunAfter(parseSchedule(cron), now, timeZone) : null;
}

async function liveAgent(orgId: string, agentId: number) {
  const [row] = await db()
    .select({ id: agent.id, name: agent.name })
    .from(agent)
    .where(and(eq(agent.organizationId, orgId), eq(agent.id, agentId), isNull(agent.deletedAt)))
    .limit(1);
  if (!row) throw new AppError("bad_request", "Agent not found", { fields: { agentId: "Agent not found" } });
  return row;
}

export async function createTask(v: Viewer, input: TaskValues & { timeZone?: string }): Promise<ScheduledTask> {
  await liveAgent(v.orgId, input.agentId);
  const parsed = parseSchedule(input.schedule);
  const timeZone = input.timeZone ?? "UTC";
  const [row] = await db()
    .insert(scheduledTask)
    .values({
      organizationId: v.orgId,
      agentId: input.agentId,
      createdBy: v.userId,
      name: input.name,
      description: input.description ?? "",
      prompt: input.prompt,
      schedule: input.schedule,
      cron: parsed.expression,
      timeZone,
      enabled: input.enabled,
      notifyOnCompletion: input.notifyOnCompletion ?? false,
      nextRunAt: computeNextRun(parsed.expression, timeZone, input.enabled),
    })
    .returning({ id: scheduledTask.id });
  return getTask(v, row!.id);
}

/** Update: the same fields (PUT); the time zone stays the creator's unless sent. */
export async function updateTask(v: Viewer, id: number, input: TaskValues): Promise<ScheduledTask> {
  const current = await getTask(v, id);
  await liveAgent(v.orgId, input.agentId);
  const parsed = parseSchedule(input.schedule);
  const timeZone = input.timeZone ?? current.timeZone;
  await db()
    .update(scheduledTask)
    .set({
      agentId: input.agentId,
      name: input.name,
      description: input.description ?? "",
      prompt: input.prompt,
      schedule: input.schedule,
      cron: parsed.expression,
      timeZone,
      enabled: input.enabled,
      notifyOnCompletion: input.notifyOnCompletion ?? current.notifyOnCompletion,
      nextRunAt: computeNextRun(parsed.expression, timeZone, input.enabled),
      updatedAt: new Date(),
    })
    .where(and(visible(v), eq(scheduledTask.id, id)));
  return getTask(v, id);
}

export async function toggleTask(v: Viewer, id: number, enabled: boolean): Promise<ScheduledTask> {
  const current = await getTask(v, id);
  await db()
    .update(scheduledTask)
    .set({ enabled, nextRunAt: computeNextRun(current.cron, current.timeZone, enabled), updatedAt: new Date() })
    .where(and(visible(v), eq(scheduledTask.id, id)));
  return getTask(v, id);
}

export async function deleteTask(v: Viewer, id: number): Promise<void> {
  const done = await db()
    .update(scheduledTask)
    .set({ deletedAt: new Date(), enabled: false, nextRunAt: null })
    .where(and(visible(v), eq(scheduledTask.id, id)))
    .returning({ id: scheduledTask.id });
  if (!done.length) throw new AppError("not_found", "Task not found");
}

export async function listExecutions(v: Viewer, taskId: number, limit: number): Promise<TaskExecution[]> {
  await getTask(v, taskId);
  const rows = await db()
    .select()
    .from(scheduledTaskExecution)
    .where(and(eq(scheduledTaskExecution.organizationId, v.orgId), eq(scheduledTaskExecution.taskId, taskId)))
    .orderBy(desc(scheduledTaskExecution.scheduledFor), desc(scheduledTaskExecution.id))
    .limit(limit);
  return rows.map(toExecution);
}

export async function executionStats(v: Viewer, taskId: number, since: Date | null): Promise<ExecutionStats> {
  await getTask(v, taskId);
  const rows = await db()
    .select({ status: scheduledTaskExecution.status, n: count() })
    .from(scheduledTaskExecution)
    .where(
      and(
        eq(scheduledTaskExecution.organizationId, v.orgId),
        eq(scheduledTaskExecution.taskId, taskId),
        since ? gte(scheduledTaskExecution.scheduledFor, since) : undefined,
      ),
    )
    .groupBy(scheduledTaskExecution.status);
  const stats: ExecutionStats = { total: 0, completed: 0, failed: 0, running: 0, pending: 0, skipped: 0 };
  for (const r of rows) {
    const n = Number(r.n);
    stats.total += n;
    if (r.status in stats) stats[r.status as keyof ExecutionStats] += n;
  }
  return stats;
}

/** Run Now: an execution due at once; refused while disabled or while a run is pending or running. */
export async function queueRunNow(v: Viewer, taskId: number): Promise<TaskExecution> {
  const task = await getTask(v, taskId);
  if (!task.enabled) throw new AppError("conflict", "Task is disabled");
  return db().transaction(async (tx) => {
    const now = new Date(taskClock().now());
    // The task row's lock orders concurrent Run Now calls: the second sees the first's execution. The update
    // takes it, and sets Last Run ("Just now") from the moment the run is asked for: the list the client
    // reloads after Run Now may be read before a scheduler starts the run (which sets it again, to the start).
    // A refused Run Now rolls it back.
    await tx
      .update(scheduledTask)
      .set({ lastRunAt: now })
      .where(and(eq(scheduledTask.organizationId, v.orgId), eq(scheduledTask.id, taskId)));
    const [busy] = await tx
      .select({ id: scheduledTaskExecution.id })
      .from(scheduledTaskExecution)
      .where(
        and(
          eq(scheduledTaskExecution.organizationId, v.orgId),
          eq(scheduledTaskExecution.taskId, taskId),
          inArray(scheduledTaskExecution.status, ["pending", "running"]),
        ),
      )
      .limit(1);
    if (busy) throw new AppError("conflict", "Task is already running");
    const [row] = await tx
      .insert(scheduledTaskExecution)
      .values({
        organizationId: v.orgId,
        taskId,
        scheduledFor: now,
        trigger: "manual",
        metadata: { trigger: "manual", timeZone: task.timeZone, agentName: task.agentName },
      })
      .returning();
    return toExecution(row!);
  });
}

export type { ScheduledTaskInput };
