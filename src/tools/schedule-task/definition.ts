import { z } from "zod";
import { defineTool } from "../define-tool";

// The schedule is checked with the task form's rules (src/shared/cron.ts) where the task is created.
export const scheduleTask = defineTool({
  name: "schedule_task",
  displayName: "Schedule Task",
  description:
    "Schedule this agent to run a prompt on a recurring schedule, such as a daily summary or a weekly report.",
  category: "Other",
  progressVerb: "Scheduling...",
  statusLine: ({ ok }) => (ok ? "Task scheduled" : "Failed to schedule task."),
  input: z.object({
    name: z
      .string()
      .trim()
      .min(1, "Name is required")
      .max(100, "Name must be less than 100 characters")
      .describe("Short name for the task."),
    description: z.string().trim().optional().describe("What the task is for."),
    prompt: z
      .string()
      .trim()
      .min(1, "Prompt is required")
      .describe("The message the agent will receive each time the task runs."),
    schedule: z
      .string()
      .trim()
      .min(1, "Schedule is required")
      .describe(
        'When to run: a 5-part cron expression (minute hour day month weekday), e.g. "0 9 * * 1-5", or a preset such as hourly, daily, weekly, monthly, every 15 minutes, twice daily, weekdays or weekends.',
      ),
  }),
});
