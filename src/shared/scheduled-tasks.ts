// Scheduled tasks (hub §2 Scheduled Tasks, §3, §5, §7, §9): the request bodies and response shapes of
// /api/scheduled-tasks/*, shared by the server routes, the task screens and the schedule_task tool.
// Who may see and change a task: decision 040.
import { z } from "zod";
import { MAX_INT_ID } from "./ids";
import { validateSchedule } from "./cron";
import { isTimeZone } from "./time-zone";

export const TASK_NAME_MAX = 100;
/** History loads 50 executions by default, 100 in the dialog (hub §7, §9); the server caps at 100. */
export const EXECUTIONS_DEFAULT_LIMIT = 50;
export const EXECUTIONS_MAX_LIMIT = 100;

export const SCHEDULED_TASKS_PAGE = "/control-hub/scheduled-tasks";

/** The calls of hub §7 (paths under /api). */
export const scheduledTaskPaths = {
  manage: "/api/scheduled-tasks/manage",
  one: (id: number) => `/api/scheduled-tasks/manage/${id}`,
  toggle: "/api/scheduled-tasks/toggle",
  executions: "/api/scheduled-tasks/executions",
} as const;

export { isTimeZone } from "./time-zone";

/** The schedule field: required, then the cron grammar's own message (CRON-01: one check everywhere). */
export const scheduleField = z
  .string({ required_error: "Schedule is required", invalid_type_error: "Schedule is required" })
  .trim()
  .min(1, "Schedule is required")
  .superRefine((value, ctx) => {
    const checked = validateSchedule(value);
    if (!checked.ok) ctx.addIssue({ code: z.ZodIssueCode.custom, message: checked.error });
  });

const agentIdField = z.preprocess(
  (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v) : v),
  z
    .number({ required_error: "Agent is required", invalid_type_error: "Agent is required" })
    .int("Agent is required")
    .positive("Agent is required")
    .max(MAX_INT_ID, "Agent is required"),
);

/** The fields the task form, the API and the schedule_task tool share (hub §5). */
export const taskFields = {
  name: z
    .string({ required_error: "Name is required", invalid_type_error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(TASK_NAME_MAX, "Name must be less than 100 characters"),
  description: z.string().trim().max(10_000, "Description is too long").optional().default(""),
  prompt: z
    .string({ required_error: "Prompt is required", invalid_type_error: "Prompt is required" })
    .trim()
    .min(1, "Prompt is required")
    .max(100_000, "Prompt is too long"),
  schedule: scheduleField,
};

const timeZoneField = z
  .string()
  .trim()
  .refine(isTimeZone, (tz) => ({ message: `Invalid time zone: ${tz}` }));

/**
 * POST /api/scheduled-tasks/manage and PUT /api/scheduled-tasks/manage/{id}.
 * Beyond the spec: `timeZone` (the creator's IANA zone the schedule is read in; the form sends the
 * browser's, UTC when absent) and `notifyOnCompletion` (email the creator after every run, not only a
 * failed one; decision 042).
 */
export const scheduledTaskInput = z.object({
  ...taskFields,
  agentId: agentIdField,
  enabled: z.boolean({ invalid_type_error: "Enabled must be true or false" }).optional().default(true),
  timeZone: timeZoneField.optional(),
  notifyOnCompletion: z.boolean({ invalid_type_error: "Notify on completion must be true or false" }).optional(),
});
export type ScheduledTaskInput = z.input<typeof scheduledTaskInput>;

/** POST /api/scheduled-tasks/toggle */
export const toggleTaskInput = z.object({
  taskId: z.coerce
    .number({ invalid_type_error: "Task not found" })
    .int("Task not found")
    .positive("Task not found")
    .max(MAX_INT_ID, "Task not found"),
  enabled: z.boolean({ required_error: "Enabled is required", invalid_type_error: "Enabled must be true or false" }),
});

/** POST /api/scheduled-tasks/executions (Run Now). */
export const runTaskInput = z.object({ taskId: toggleTaskInput.shape.taskId });

/** A task as the API returns it (TASK-36, plus the fields marked beyond the spec). */
export interface ScheduledTask {
  id: number;
  name: string;
  description: string;
  agentId: number;
  agentName: string;
  prompt: string;
  /** As entered (a preset or cron). */
  schedule: string;
  /** The normalised five-part form. */
  cron: string;
  enabled: boolean;
  /** ISO time of the newest execution's start (or its scheduled time when it never started), or null. */
  lastRunAt: string | null;
  // Beyond the spec:
  /** IANA zone the schedule is read in: the creator's (rulings). */
  timeZone: string;
  /** ISO time of the next scheduled occurrence while enabled, else null. */
  nextRunAt: string | null;
  notifyOnCompletion: boolean;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export const EXECUTION_STATUSES = ["pending", "running", "completed", "failed", "skipped"] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

/** What an execution's metadata may hold; every key is optional. */
export interface ExecutionMetadata {
  /** "schedule" for an occurrence of the cron, "manual" for Run Now. */
  trigger?: "schedule" | "manual";
  durationMs?: number;
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
  /** How many times a server began this execution (2 after a takeover). */
  attempts?: number;
  /** Why an occurrence was recorded as skipped (missed while no server ran, or the previous run still going). */
  skippedReason?: string;
  timeZone?: string;
  agentName?: string;
  model?: string;
}

/** One execution (TASK-37). `skipped` is beyond the spec: an occurrence not run (decision 041). */
export interface TaskExecution {
  id: number;
  taskId: number;
  scheduledFor: string;
  startedAt: string | null;
  completedAt: string | null;
  status: ExecutionStatus;
  error: string | null;
  conversationId: string | null;
  metadata: ExecutionMetadata;
}

/** Execution stats (TASK-37); `skipped` beyond the spec. `total` counts every status. */
export interface ExecutionStats {
  total: number;
  completed: number;
  failed: number;
  running: number;
  pending: number;
  skipped: number;
}

// Response bodies of hub §7 (failures are `{ error, code }` like every call of this server).
export interface TaskListResponse {
  success: true;
  tasks: ScheduledTask[];
}
/** GET /manage/{id}, POST /manage, PUT /manage/{id}, POST /toggle. */
export interface TaskResponse {
  success: true;
  task: ScheduledTask;
}
/** DELETE /manage/{id}. */
export interface DeleteTaskResponse {
  success: true;
}
/** GET /executions?taskId&limit */
export interface ExecutionListResponse {
  success: true;
  executions: TaskExecution[];
}
/** GET /executions?stats=true&taskId&since */
export type ExecutionStatsResponse = { success: true } & ExecutionStats;
/** POST /executions (Run Now): the queued execution. */
export interface RunNowResponse {
  success: true;
  execution: TaskExecution;
}
