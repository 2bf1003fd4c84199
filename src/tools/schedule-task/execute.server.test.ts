import { describe, expect, it } from "vitest";
import { validateSchedule } from "../../shared/cron";
import type { ToolContext } from "../executor.server";
import { scheduleTask } from "./definition";
import { execute, SCHEDULING_UNAVAILABLE } from "./execute.server";

const ctx = { abortSignal: new AbortController().signal } as ToolContext;
const run = (schedule: string) =>
  execute(scheduleTask.input.parse({ name: "Daily digest", prompt: "Summarise the news", schedule }), ctx);

describe("schedule_task", () => {
  it("[TOOL-38] an invalid schedule gets the task form's cron message as the error", async () => {
    expect(await run("* * *")).toEqual({
      status: "error",
      error:
        'Invalid cron expression: expected 5 parts (minute hour day month weekday), got 3. Try using presets like "daily", "hourly", or "weekly".',
    });
    expect(await run("61 * * * *")).toMatchObject({
      status: "error",
      error: expect.stringMatching(/^Invalid minute: /),
    });
    expect(await run("0 9 * * 1-9")).toMatchObject({
      status: "error",
      error: expect.stringMatching(/^Invalid weekday: /),
    });
  });

  it('[TOOLCARD-47] a valid schedule fails honestly with "Failed to schedule task." rather than a fake success', async () => {
    for (const schedule of ["daily", "every 15 minutes", "0 9 * * 1-5", "weekdays"]) {
      expect(await run(schedule), schedule).toEqual({ status: "error", error: SCHEDULING_UNAVAILABLE });
    }
    expect(SCHEDULING_UNAVAILABLE.startsWith("Failed to schedule task.")).toBe(true);
  });

  it("[CRON-01] schedule_task accepts and refuses exactly what the task form's validator (src/shared/cron.ts) does, with its messages", async () => {
    const schedules = [
      "daily",
      "Every Week",
      "every 30 minutes",
      "0 9 * * 1-5",
      "*/15 * ? * *",
      "0 9 * * 7",
      "* * * *",
      "0 24 * * *",
      "0 9 * * 5-1",
      "0 9,x * * *",
      "*/0 * * * *",
      "0 9 32 * *",
    ];
    for (const schedule of schedules) {
      const form = validateSchedule(schedule);
      const tool = await run(schedule);
      if (form.ok) expect(tool, schedule).toEqual({ status: "error", error: SCHEDULING_UNAVAILABLE });
      else expect(tool, schedule).toEqual({ status: "error", error: form.error });
    }
  });
});
