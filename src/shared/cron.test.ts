import { describe, expect, it } from "vitest";
import { describeSchedule, parseSchedule, validateSchedule } from "./cron";

const err = (s: string) => (validateSchedule(s) as { error: string }).error;

describe("cron", () => {
  it("[CRON-02][CRON-12] needs exactly five parts", () => {
    expect(err("* * * *")).toBe(
      'Invalid cron expression: expected 5 parts (minute hour day month weekday), got 4. Try using presets like "daily", "hourly", or "weekly".',
    );
    expect(err("* * * * * *")).toMatch(/got 6\./);
  });

  it("[CRON-03][CRON-04][CRON-05][CRON-06][CRON-07][CRON-20] bounds per field", () => {
    expect(err("60 * * * *")).toBe("Invalid minute: Value 60 must be between 0 and 59");
    expect(err("0 24 * * *")).toBe("Invalid hour: Value 24 must be between 0 and 23");
    expect(err("0 0 0 * *")).toBe("Invalid day: Value 0 must be between 1 and 31");
    expect(err("0 0 1 13 *")).toBe("Invalid month: Value 13 must be between 1 and 12");
    expect(err("0 0 * * 8")).toBe("Invalid weekday: Value 8 must be between 0 and 7");
    expect(validateSchedule("59 23 31 12 7").ok).toBe(true);
  });

  it("[CRON-08][CRON-09][CRON-14] wildcards and steps", () => {
    expect(parseSchedule("*/15 * ? * *").minutes).toEqual([0, 15, 30, 45]);
    expect(err("*/0 * * * *")).toBe("Invalid minute: Invalid step value: 0");
    expect(err("*/x * * * *")).toBe("Invalid minute: Invalid step value: x");
    expect(parseSchedule("0 1-10/3 * * *").hours).toEqual([1, 4, 7, 10]);
  });

  it("[CRON-10][CRON-15][CRON-16][CRON-17] ranges", () => {
    expect(parseSchedule("0 9 * * 1-5").weekdays).toEqual([1, 2, 3, 4, 5]);
    expect(err("0 9 * * 1-")).toBe("Invalid weekday: Invalid range: 1-");
    expect(err("0 9 * * 1-9")).toBe("Invalid weekday: Range values must be between 0 and 7");
    expect(err("0 9 * * 5-1")).toBe("Invalid weekday: Range start (5) cannot be greater than end (1)");
  });

  it("[CRON-11][CRON-18][CRON-19] lists and numbers", () => {
    expect(parseSchedule("0 9,21 * * *").hours).toEqual([9, 21]);
    expect(err("0 9,x * * *")).toBe('Invalid hour: Invalid list item "x": Invalid numeric value: x');
    expect(err("abc * * * *")).toBe("Invalid minute: Invalid numeric value: abc");
  });

  it("day of week 0 and 7 both mean Sunday", () => {
    expect(parseSchedule("0 9 * * 7").weekdays).toEqual([0]);
    expect(parseSchedule("0 9 * * 0,7").weekdays).toEqual([0]);
  });

  it("[CRON-21]-[CRON-30] presets", () => {
    const expected: Record<string, string> = {
      hourly: "0 * * * *",
      "every hour": "0 * * * *",
      daily: "0 9 * * *",
      "Every Day": "0 9 * * *",
      weekly: "0 9 * * 1",
      "every week": "0 9 * * 1",
      monthly: "0 9 1 * *",
      "every month": "0 9 1 * *",
      "every 15 minutes": "*/15 * * * *",
      "every 30 minutes": "*/30 * * * *",
      "twice daily": "0 9,21 * * *",
      weekdays: "0 9 * * 1-5",
      weekends: "0 10 * * 0,6",
    };
    for (const [preset, cron] of Object.entries(expected)) expect(parseSchedule(preset).expression).toBe(cron);
  });

  it("[CRON-31]-[CRON-34] readable forms", () => {
    expect(describeSchedule("hourly")).toBe("Every hour");
    expect(describeSchedule("daily")).toBe("Daily at 9:00 AM");
    expect(describeSchedule("0 21 * * *")).toBe("Daily at 9:00 PM");
    expect(describeSchedule("0 0 * * *")).toBe("Daily at 12:00 AM");
    expect(describeSchedule("weekly")).toBe("Every Monday at 9:00 AM");
    expect(describeSchedule("0 13 * * 5")).toBe("Every Friday at 1:00 PM");
    expect(describeSchedule("every 15 minutes")).toBe("Every 15 minutes");
    expect(describeSchedule("twice daily")).toBe("Daily at 9:00 AM and 9:00 PM");
    expect(describeSchedule("weekdays")).toBe("Weekdays at 9:00 AM");
    expect(describeSchedule("weekends")).toBe("Weekends at 10:00 AM");
    expect(describeSchedule("monthly")).toBe("Monthly on day 1 at 9:00 AM");
  });
});
