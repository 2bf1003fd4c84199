import { describe, expect, it } from "vitest";
import type { ToolContext } from "../executor.server";
import { scheduleTask } from "./definition";
import { executeScheduleTask, SCHEDULING_UNAVAILABLE } from "./execute.server";

const ctx = { abortSignal: new AbortController().signal } as ToolContext;
const run = (schedule: string) => executeScheduleTask(scheduleTask.input.parse({ name: "Daily digest", prompt: "Summarise the news", schedule }), ctx);

describe("schedule_task", () => {
  it("TOOL-38 an invalid schedule gets the task form's cron message as the error", async () => {
    expect(await run("* * *")).toEqual({
      status: "error",
      error: 'Invalid cron expression: expected 5 parts (minute hour day month weekday), got 3. Try using presets like "daily", "hourly", or "weekly".',
    });
    expect(await run("61 * * * *")).toMatchObject({ status: "error", error: expect.stringMatching(/^Invalid minute: /) });
    expect(await run("0 9 * * 1-9")).toMatchObject({ status: "error", error: expect.stringMatching(/^Invalid weekday: /) });
  });

  it("TOOLCARD-47 a valid schedule fails honestly with \"Failed to schedule task.\" rather than a fake success", async () => {
    for (const schedule of ["daily", "every 15 minutes", "0 9 * * 1-5", "weekdays"]) {
      expect(await run(schedule), schedule).toEqual({ status: "error", error: SCHEDULING_UNAVAILABLE });
    }
    expect(SCHEDULING_UNAVAILABLE.startsWith("Failed to schedule task.")).toBe(true);
  });
});
