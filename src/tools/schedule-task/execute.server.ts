// schedule_task (TOOL-38): creates the task for real, for the calling user in the chat's organisation,
// with the chat's agent, the task form's checks (shared schema and cron grammar) and the user's time
// zone; its result links to the tasks page (TOOLCARD-15). Failures start "Failed to schedule task."
import { ZodError } from "zod";
import { CronError, describeSchedule, parseSchedule } from "../../shared/cron";
import { SCHEDULED_TASKS_PAGE, scheduledTaskInput } from "../../shared/scheduled-tasks";
import { toolError, type ToolExecutor } from "../executor.server";
import type { scheduleTask } from "./definition";
import type { ScheduleTaskResult } from "./result";
import { createTask } from "../../server/scheduled-tasks/queries";
import { wakeScheduler } from "../../server/scheduled-tasks/wake";
import { AppError } from "../../server/errors";

export const SCHEDULE_FAILED = "Failed to schedule task.";

export const execute: ToolExecutor<typeof scheduleTask> = async (input, ctx) => {
  try {
    parseSchedule(input.schedule);
  } catch (err) {
    if (err instanceof CronError) return toolError(err.message);
    return toolError(`${SCHEDULE_FAILED} Invalid schedule format`);
  }
  try {
    const values = scheduledTaskInput.parse({
      name: input.name,
      description: input.description ?? "",
      prompt: input.prompt,
      schedule: input.schedule,
      agentId: ctx.agentId,
      timeZone: ctx.timeZone ?? "UTC",
    });
    const task = await createTask({ orgId: ctx.orgId, userId: ctx.user.id, isAdmin: false }, values);
    wakeScheduler();
    const data: ScheduleTaskResult = {
      success: true,
      message: `Task "${task.name}" created successfully`,
      task: {
        id: task.id,
        name: task.name,
        description: task.description,
        agentName: task.agentName,
        prompt: task.prompt,
        schedule: task.schedule,
        cron: task.cron,
        readable: describeSchedule(task.cron),
        timeZone: task.timeZone,
        enabled: task.enabled,
        nextRunAt: task.nextRunAt,
      },
      page: SCHEDULED_TASKS_PAGE,
    };
    return { status: "success", ...data };
  } catch (err) {
    const reason = err instanceof ZodError ? err.issues[0]?.message : err instanceof AppError ? err.message : undefined;
    return toolError(reason ? `${SCHEDULE_FAILED} ${reason}` : SCHEDULE_FAILED);
  }
};
