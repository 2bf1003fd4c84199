// The task form's values and their checks (hub §5, TASK-18..22), through the server's own schema
// (src/shared/scheduled-tasks.ts), so the form and POST/PUT /manage agree on every message.
import { scheduledTaskInput, type ScheduledTask, type ScheduledTaskInput } from "@/shared/scheduled-tasks";

export interface TaskFormValues {
  name: string;
  /** The select's value: an agent id as text, "" for none. */
  agentId: string;
  description: string;
  schedule: string;
  prompt: string;
  enabled: boolean;
  notifyOnCompletion: boolean;
}

export type TaskFormField = keyof TaskFormValues;
export type TaskFormErrors = Partial<Record<TaskFormField, string>>;

/** A new task: enabled by default (TASK-20), no agent chosen. */
export const EMPTY_TASK_VALUES: TaskFormValues = {
  name: "",
  agentId: "",
  description: "",
  schedule: "",
  prompt: "",
  enabled: true,
  notifyOnCompletion: false,
};

export function valuesFromTask(task: ScheduledTask): TaskFormValues {
  return {
    name: task.name,
    agentId: String(task.agentId),
    description: task.description ?? "",
    schedule: task.schedule,
    prompt: task.prompt,
    enabled: task.enabled,
    notifyOnCompletion: task.notifyOnCompletion,
  };
}

export type ParsedTaskForm = { ok: true; input: ScheduledTaskInput } | { ok: false; errors: TaskFormErrors };

/**
 * The request body, or the first message per field. `timeZone` is the zone the schedule is read in:
 * the viewer's for a new task, the task's own when editing (times are the creator's, rulings.md).
 */
export function parseTaskForm(values: TaskFormValues, timeZone: string): ParsedTaskForm {
  const parsed = scheduledTaskInput.safeParse({ ...values, timeZone });
  if (parsed.success) {
    const { name, description, agentId, prompt, schedule, enabled, notifyOnCompletion } = parsed.data;
    return {
      ok: true,
      input: { name, description, agentId, prompt, schedule, enabled, notifyOnCompletion, timeZone },
    };
  }
  const errors: TaskFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as TaskFormField | undefined;
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
