// Which occurrences a due task owes (decision 041). After downtime only the latest missed occurrence
// runs — a report for 09:00 is worth nothing at 12:20 if the 12:00 one runs — and the earlier ones are
// recorded as skipped so that history shows the gap instead of hiding it.
import { parseSchedule } from "../../shared/cron";
import { nextRunAfter } from "../../shared/cron-next";

export const MISSED_REASON = "Missed while no server was running; only the latest missed occurrence was run.";

export interface Owed {
  /** The occurrence to run. */
  latest: number;
  /** Earlier occurrences missed while no server ran, oldest first (at most `maxSkipped`, the newest ones). */
  skipped: number[];
  /** The task's next occurrence after now, or null when its cron never matches again. */
  next: Date | null;
}

export function owedOccurrences(
  task: { cron: string; timeZone: string; nextRunAt: Date },
  now: number,
  maxSkipped: number,
): Owed {
  const cron = parseSchedule(task.cron);
  const occurrences: number[] = [task.nextRunAt.getTime()];
  let next = nextRunAfter(cron, occurrences[0]!, task.timeZone);
  while (next && next.getTime() <= now) {
    occurrences.push(next.getTime());
    // A month without a server is 43,200 minutes: keep only the newest, not an unbounded list.
    if (occurrences.length > maxSkipped + 1) occurrences.shift();
    next = nextRunAfter(cron, next, task.timeZone);
  }
  const latest = occurrences.pop()!;
  return { latest, skipped: occurrences, next };
}
