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

  it("[CRON-13] a bad field names the field: Invalid {field}: ...", () => {
    const fields = ["minute", "hour", "day", "month", "weekday"];
    fields.forEach((name, i) => {
      const parts = ["0", "9", "1", "1", "1"];
      parts[i] = "x";
      expect(err(parts.join(" "))).toBe(`Invalid ${name}: Invalid numeric value: x`);
    });
  });

  // What a preset means, read from the parsed schedule rather than its text.
  const at = (preset: string) => {
    const c = parseSchedule(preset);
    return {
      minutes: c.minutes,
      hours: c.hours,
      days: c.dayIsWildcard ? "*" : c.days,
      months: c.months.length,
      weekdays: c.weekdayIsWildcard ? "*" : c.weekdays,
    };
  };

  it("[CRON-21] preset hourly is accepted: minute 0 of every hour", () => {
    expect(parseSchedule("hourly").expression).toBe("0 * * * *");
    expect(at("hourly")).toMatchObject({ minutes: [0], days: "*", weekdays: "*" });
    expect(at("hourly").hours).toHaveLength(24);
  });

  it("[CRON-22] preset daily means 9:00 every day", () => {
    expect(parseSchedule("daily").expression).toBe("0 9 * * *");
    expect(at("daily")).toEqual({ minutes: [0], hours: [9], days: "*", months: 12, weekdays: "*" });
  });

  it("[CRON-23] preset weekly means Monday 9:00", () => {
    expect(parseSchedule("weekly").expression).toBe("0 9 * * 1");
    expect(at("weekly")).toEqual({ minutes: [0], hours: [9], days: "*", months: 12, weekdays: [1] });
  });

  it("[CRON-24] preset monthly means the 1st at 9:00", () => {
    expect(parseSchedule("monthly").expression).toBe("0 9 1 * *");
    expect(at("monthly")).toEqual({ minutes: [0], hours: [9], days: [1], months: 12, weekdays: "*" });
  });

  it("[CRON-25] every hour, every day, every week and every month are accepted, in any case", () => {
    expect(parseSchedule("every hour").expression).toBe(parseSchedule("hourly").expression);
    expect(parseSchedule("Every Day").expression).toBe(parseSchedule("daily").expression);
    expect(parseSchedule("every week").expression).toBe(parseSchedule("weekly").expression);
    expect(parseSchedule(" every  month ").expression).toBe(parseSchedule("monthly").expression);
    for (const preset of ["every hour", "every day", "every week", "every month"])
      expect(validateSchedule(preset).ok, preset).toBe(true);
  });

  it("[CRON-26] every 15 minutes is accepted", () => {
    expect(validateSchedule("every 15 minutes")).toEqual({ ok: true, expression: "*/15 * * * *" });
    expect(at("every 15 minutes").minutes).toEqual([0, 15, 30, 45]);
  });

  it("[CRON-27] every 30 minutes is accepted", () => {
    expect(validateSchedule("every 30 minutes")).toEqual({ ok: true, expression: "*/30 * * * *" });
    expect(at("every 30 minutes").minutes).toEqual([0, 30]);
  });

  it("[CRON-28] twice daily means 9:00 and 21:00", () => {
    expect(at("twice daily")).toEqual({ minutes: [0], hours: [9, 21], days: "*", months: 12, weekdays: "*" });
  });

  it("[CRON-29] weekdays means 9:00 Monday to Friday", () => {
    expect(at("weekdays")).toEqual({ minutes: [0], hours: [9], days: "*", months: 12, weekdays: [1, 2, 3, 4, 5] });
  });

  it("[CRON-30] weekends means 10:00 Saturday and Sunday", () => {
    expect(at("weekends")).toEqual({ minutes: [0], hours: [10], days: "*", months: 12, weekdays: [0, 6] });
  });

  it("[CRON-31] [CRON-34] hourly reads Every hour; a minute interval reads Every N minutes", () => {
    expect(describeSchedule("hourly")).toBe("Every hour");
    expect(describeSchedule("every 15 minutes")).toBe("Every 15 minutes");
    expect(describeSchedule("*/5 * * * *")).toBe("Every 5 minutes");
  });

  it("[CRON-32] a daily schedule reads Daily at H:00 AM/PM", () => {
    expect(describeSchedule("daily")).toBe("Daily at 9:00 AM");
    expect(describeSchedule("0 21 * * *")).toBe("Daily at 9:00 PM");
    expect(describeSchedule("0 0 * * *")).toBe("Daily at 12:00 AM");
    expect(describeSchedule("0 12 * * *")).toBe("Daily at 12:00 PM");
    expect(describeSchedule("twice daily")).toBe("Daily at 9:00 AM and 9:00 PM");
  });

  it("[CRON-33] a weekly schedule reads Every {weekday} at H:00 AM/PM", () => {
    expect(describeSchedule("weekly")).toBe("Every Monday at 9:00 AM");
    expect(describeSchedule("0 13 * * 5")).toBe("Every Friday at 1:00 PM");
    expect(describeSchedule("0 8 * * 7")).toBe("Every Sunday at 8:00 AM");
    expect(describeSchedule("0 8 * * 0")).toBe("Every Sunday at 8:00 AM");
  });

  it("other readable forms: weekdays, weekends, monthly", () => {
    expect(describeSchedule("weekdays")).toBe("Weekdays at 9:00 AM");
    expect(describeSchedule("weekends")).toBe("Weekends at 10:00 AM");
    expect(describeSchedule("monthly")).toBe("Monthly on day 1 at 9:00 AM");
  });
});
