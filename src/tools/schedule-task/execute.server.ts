// schedule_task: the schedule gets the task form's checks (src/shared/cron.ts); a valid request still
// fails honestly until scheduled tasks exist on the server, so the model never reports a fake success.
import { CronError, parseSchedule } from "../../shared/cron";
import { toolError, type ToolExecutor } from "../executor.server";
import type { scheduleTask } from "./definition";

export const SCHEDULING_UNAVAILABLE = "Failed to schedule task. Scheduled tasks are not available on this server yet.";

export const execute: ToolExecutor<typeof scheduleTask> = async (input) => {
  try {
    parseSchedule(input.schedule);
  } catch (err) {
    if (err instanceof CronError) return toolError(err.message);
    return toolError("Failed to schedule task. Invalid schedule format");
  }
  return toolError(SCHEDULING_UNAVAILABLE);
};
