// The checks schedule_task makes before it touches the database; creating tasks for real is tested
// with the database in src/server/scheduled-tasks/scheduled-tasks.test.ts.
import { describe, expect, it } from "vitest";
import { validateSchedule } from "../../shared/cron";
import type { ToolContext } from "../executor.server";
import { scheduleTask } from "./definition";
import { execute } from "./execute.server";

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

  it("[CRON-01] schedule_task refuses exactly what the task form's validator (src/shared/cron.ts) refuses, with its messages", async () => {
    for (const schedule of ["* * * *", "0 24 * * *", "0 9 * * 5-1", "0 9,x * * *", "*/0 * * * *", "0 9 32 * *"]) {
      const form = validateSchedule(schedule);
      expect(form.ok, schedule).toBe(false);
      expect(await run(schedule), schedule).toEqual({ status: "error", error: (form as { error: string }).error });
    }
  });
});
