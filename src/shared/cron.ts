// Schedule expressions for schedule_task and the task screens (chat §5, hub §5, rulings.md):
// five-part cron with *, ?, steps, ranges and lists, plus named presets; messages are the spec's.

export const CRON_PRESETS: Record<string, string> = {
  hourly: "0 * * * *",
  "every hour": "0 * * * *",
  daily: "0 9 * * *",
  "every day": "0 9 * * *",
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

const FIELDS = [
  { name: "minute", min: 0, max: 59 },
  { name: "hour", min: 0, max: 23 },
  { name: "day", min: 1, max: 31 },
  { name: "month", min: 1, max: 12 },
  { name: "weekday", min: 0, max: 7 },
] as const;

export class CronError extends Error {}

function number(text: string, min: number, max: number): number {
  if (!/^\d+$/.test(text)) throw new CronError(`Invalid numeric value: ${text}`);
  const n = Number(text);
  if (n < min || n > max) throw new CronError(`Value ${n} must be between ${min} and ${max}`);
  return n;
}

function range(text: string, min: number, max: number): number[] {
  const parts = text.split("-");
  if (parts.length !== 2 || !/^\d+$/.test(parts[0]!) || !/^\d+$/.test(parts[1]!))
    throw new CronError(`Invalid range: ${text}`);
  const [a, b] = parts.map(Number) as [number, number];
  if (a < min || b > max || a > max || b < min) throw new CronError(`Range values must be between ${min} and ${max}`);
  if (a > b) throw new CronError(`Range start (${a}) cannot be greater than end (${b})`);
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

function item(text: string, min: number, max: number): number[] {
  const [base, step, extra] = text.split("/");
  if (extra !== undefined) throw new CronError(`Invalid step value: ${text}`);
  let values: number[];
  if (base === "*" || base === "?") values = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  else if (base!.includes("-")) values = range(base!, min, max);
  else values = [number(base!, min, max)];
  if (step === undefined) return values;
  if (!/^\d+$/.test(step) || Number(step) <= 0) throw new CronError(`Invalid step value: ${step}`);
  const first = values[0]!;
  const last = base === "*" || base === "?" || base!.includes("-") ? values[values.length - 1]! : max;
  const out: number[] = [];
  for (let v = first; v <= last; v += Number(step)) out.push(v);
  return out;
}

function field(text: string, min: number, max: number): number[] {
  const items = text.split(",");
  const values = new Set<number>();
  for (const it of items) {
    try {
      item(it, min, max).forEach((v) => values.add(v));
    } catch (err) {
      if (items.length > 1 && err instanceof CronError)
        throw new CronError(`Invalid list item "${it}": ${err.message}`);
      throw err;
    }
  }
  return [...values].sort((a, b) => a - b);
}

export interface ParsedCron {
  expression: string;
  minutes: number[];
  hours: number[];
  days: number[];
  months: number[];
  /** 0 = Sunday … 6 = Saturday (7 folded into 0). */
  weekdays: number[];
  dayIsWildcard: boolean;
  weekdayIsWildcard: boolean;
}

/** Resolves a preset or validates a cron expression; throws CronError with the spec's message. */
export function parseSchedule(input: string): ParsedCron {
  const trimmed = input.trim().replace(/\s+/g, " ");
  const expression = CRON_PRESETS[trimmed.toLowerCase()] ?? trimmed;
  const parts = expression.split(" ").filter(Boolean);
  if (parts.length !== 5) {
    throw new CronError(
      `Invalid cron expression: expected 5 parts (minute hour day month weekday), got ${parts.length}. Try using presets like "daily", "hourly", or "weekly".`,
    );
  }
  const values = parts.map((p, i) => {
    const f = FIELDS[i]!;
    try {
      return field(p, f.min, f.max);
    } catch (err) {
      if (err instanceof CronError) throw new CronError(`Invalid ${f.name}: ${err.message}`);
      throw err;
    }
  });
  const weekdays = [...new Set(values[4]!.map((d) => (d === 7 ? 0 : d)))].sort((a, b) => a - b);
  return {
    expression: parts.join(" "),
    minutes: values[0]!,
    hours: values[1]!,
    days: values[2]!,
    months: values[3]!,
    weekdays,
    dayIsWildcard: parts[2] === "*" || parts[2] === "?",
    weekdayIsWildcard: parts[4] === "*" || parts[4] === "?",
  };
}

/** `{ ok, expression }` or `{ ok: false, error }` for live form validation. */
export function validateSchedule(input: string): { ok: true; expression: string } | { ok: false; error: string } {
  try {
    return { ok: true, expression: parseSchedule(input).expression };
  } catch (err) {
    return { ok: false, error: err instanceof CronError ? err.message : "Invalid schedule format" };
  }
}

const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export function formatTime(hour: number, minute: number): string {
  const suffix = hour < 12 ? "AM" : "PM";
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h}:${String(minute).padStart(2, "0")} ${suffix}`;
}

/** A schedule in words: "Every hour", "Daily at 9:00 AM", "Every Monday at 9:00 AM", "Every 15 minutes". */
export function describeSchedule(input: string): string {
  const c = parseSchedule(input);
  const [min, hour, day, month, weekday] = c.expression.split(" ") as [string, string, string, string, string];
  const everyDay = day === "*" && month === "*" && weekday === "*";
  const step = min.match(/^\*\/(\d+)$/);
  if (step && hour === "*" && everyDay) return `Every ${step[1]} minutes`;
  if (min === "*" && hour === "*" && everyDay) return "Every minute";
  if (/^\d+$/.test(min) && hour === "*" && everyDay)
    return min === "0" ? "Every hour" : `Every hour at ${min} minutes past`;
  if (/^\d+$/.test(min) && c.hours.length >= 1 && !hour.includes("/") && !hour.includes("*")) {
    const times = c.hours.map((h) => formatTime(h, Number(min))).join(" and ");
    if (everyDay) return `Daily at ${times}`;
    if (day === "*" && month === "*") {
      const wd = c.weekdays;
      if (wd.length === 1) return `Every ${WEEKDAY_NAMES[wd[0]!]} at ${times}`;
      if (wd.join(",") === "1,2,3,4,5") return `Weekdays at ${times}`;
      if (wd.join(",") === "0,6") return `Weekends at ${times}`;
      return `Every ${wd.map((d) => WEEKDAY_NAMES[d]).join(", ")} at ${times}`;
    }
    if (month === "*" && weekday === "*" && c.days.length === 1) return `Monthly on day ${c.days[0]} at ${times}`;
  }
  return `Custom schedule (${c.expression})`;
}
