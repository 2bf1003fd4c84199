import { describe, expect, it } from "vitest";
import { previewSchedule, QUICK_PRESETS } from "./schedule-preview";

describe("schedule preview", () => {
  it("[TASK-21] [CRON-01] an invalid schedule shows the parser's message", () => {
    expect(previewSchedule("0 9 * *")).toEqual({
      state: "invalid",
      error:
        'Invalid cron expression: expected 5 parts (minute hour day month weekday), got 4. Try using presets like "daily", "hourly", or "weekly".',
    });
    expect(previewSchedule("0 25 * * *")).toEqual({
      state: "invalid",
      error: "Invalid hour: Value 25 must be between 0 and 23",
    });
    expect(previewSchedule("sometimes")).toMatchObject({ state: "invalid", error: expect.stringContaining("got 1") });
  });

  it("[TASK-22] a valid schedule shows its normalised form and a readable description", () => {
    expect(previewSchedule("  Daily ")).toEqual({
      state: "valid",
      expression: "0 9 * * *",
      description: "Daily at 9:00 AM",
    });
    expect(previewSchedule("0   21 * * *")).toEqual({
      state: "valid",
      expression: "0 21 * * *",
      description: "Daily at 9:00 PM",
    });
    expect(previewSchedule("hourly")).toMatchObject({ expression: "0 * * * *", description: "Every hour" });
    expect(previewSchedule("weekly")).toMatchObject({
      expression: "0 9 * * 1",
      description: "Every Monday at 9:00 AM",
    });
    expect(previewSchedule("*/15 * * * *")).toMatchObject({ description: "Every 15 minutes" });
  });

  it("an empty schedule is neither valid nor an error yet", () => {
    expect(previewSchedule("   ")).toEqual({ state: "empty" });
  });

  it("[TASK-23] [CRON-21..30] one button per distinct preset, each filling a valid expression", () => {
    expect(QUICK_PRESETS.map((p) => [p.label, p.expression])).toEqual([
      ["Hourly", "0 * * * *"],
      ["Daily", "0 9 * * *"],
      ["Weekly", "0 9 * * 1"],
      ["Monthly", "0 9 1 * *"],
      ["Every 15 minutes", "*/15 * * * *"],
      ["Every 30 minutes", "*/30 * * * *"],
      ["Twice daily", "0 9,21 * * *"],
      ["Weekdays", "0 9 * * 1-5"],
      ["Weekends", "0 10 * * 0,6"],
    ]);
    for (const p of QUICK_PRESETS) expect(previewSchedule(p.expression).state).toBe("valid");
  });
});
