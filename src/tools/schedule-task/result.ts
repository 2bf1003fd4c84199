import { z } from "zod";
import { SCHEDULED_TASKS_PAGE } from "../../shared/scheduled-tasks";

/**
 * TOOL-38: the task schedule_task created (the spec shows no result shape; decision 040). The card links
 * to `page`, the tasks screen (TOOLCARD-15).
 */
export const scheduleTaskResult = z.object({
  success: z.literal(true),
  message: z.string(),
  task: z.object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    agentName: z.string(),
    prompt: z.string(),
    schedule: z.string(),
    cron: z.string(),
    readable: z.string(),
    timeZone: z.string(),
    enabled: z.boolean(),
    nextRunAt: z.string().nullable(),
  }),
  page: z.literal(SCHEDULED_TASKS_PAGE),
});
export type ScheduleTaskResult = z.infer<typeof scheduleTaskResult>;
