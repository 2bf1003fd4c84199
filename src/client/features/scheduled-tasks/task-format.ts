// The task screens' display rules (hub §2 Scheduled Tasks, §4, §9): Last Run, Duration, Success Rate,
// execution grouping and status. Pure functions of their inputs (the clock and time zone are passed
// in), so tests pin them exactly.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The viewer's IANA time zone, as the browser reports it. */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const toDate = (value: string | Date): Date => (value instanceof Date ? value : new Date(value));

/** A date in the viewer's zone, e.g. "Oct 3, 2026". */
export function formatDay(value: string | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone }).format(toDate(value));
}

/** A date and time in the viewer's zone, e.g. "Oct 3, 2026, 9:00:00 AM". */
export function formatDateTime(value: string | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium", timeZone }).format(toDate(value));
}

/** A time of day in the viewer's zone, e.g. "9:00:00 AM". */
export function formatTimeOfDay(value: string | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-US", { timeStyle: "medium", timeZone }).format(toDate(value));
}

/**
 * TASK-05: "Never", "Just now" under a minute, "Xm ago" under 60 minutes, "Xh ago" under 24 hours,
 * "Xd ago" under 30 days, else the date. A time slightly in the future (clock skew) reads "Just now".
 */
export function formatLastRun(lastRunAt: string | Date | null | undefined, now: Date, timeZone?: string): string {
  if (!lastRunAt) return "Never";
  const at = toDate(lastRunAt);
  if (Number.isNaN(at.getTime())) return "Never";
  const ago = now.getTime() - at.getTime();
  if (ago < MINUTE) return "Just now";
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)}m ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)}h ago`;
  if (ago < 30 * DAY) return `${Math.floor(ago / DAY)}d ago`;
  return formatDay(at, timeZone);
}

/** TASK-29: whole seconds as "Xm Ys" from a minute up, else "Xs". */
export function formatDurationMs(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}

/**
 * An execution's duration: finished runs from start to end; a running one counts up to `now` (so the
 * open history shows it grow); one that never started has none ("—").
 */
export function executionDuration(
  e: { startedAt: string | null; completedAt: string | null; status: string },
  now: Date,
): string {
  if (!e.startedAt) return "—";
  const start = toDate(e.startedAt).getTime();
  if (e.completedAt) return formatDurationMs(toDate(e.completedAt).getTime() - start);
  if (normaliseStatus(e.status) === "running") return formatDurationMs(now.getTime() - start);
  return "—";
}

/** TASK-26: completed / total as a percent with one decimal, or "No executions". */
export function formatSuccessRate(stats: { total: number; completed: number }): string {
  if (!stats.total) return "No executions";
  return `${((stats.completed / stats.total) * 100).toFixed(1)}%`;
}

export type ShownStatus = "pending" | "running" | "completed" | "failed" | "skipped";

const SHOWN: readonly string[] = ["pending", "running", "completed", "failed", "skipped"];

/**
 * TASK-34: the spec's four statuses plus `skipped` (an occurrence the server recorded but did not
 * run, beyond the spec); anything else shows as pending.
 */
export function normaliseStatus(status: string | null | undefined): ShownStatus {
  return status && SHOWN.includes(status) ? (status as ShownStatus) : "pending";
}

/** Whether an execution list still changes on its own (poll while one is pending or running). */
export const hasActiveExecution = (executions: readonly { status: string }[]): boolean =>
  executions.some((e) => {
    const s = normaliseStatus(e.status);
    return s === "pending" || s === "running";
  });

/** The calendar day of an instant in a time zone, as YYYY-MM-DD (sortable). */
function dayKey(at: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone })
    .formatToParts(at)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export interface ExecutionGroup<T> {
  /** YYYY-MM-DD in the viewer's zone. */
  key: string;
  /** "Thursday, November 26, 2026". */
  label: string;
  executions: T[];
}

/** TASK-27: executions grouped by their scheduled day in the viewer's zone, newest day and time first. */
export function groupExecutionsByDay<T extends { scheduledFor: string }>(
  executions: readonly T[],
  timeZone?: string,
): ExecutionGroup<T>[] {
  const sorted = [...executions].sort((a, b) => toDate(b.scheduledFor).getTime() - toDate(a.scheduledFor).getTime());
  const label = new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeZone });
  const groups: ExecutionGroup<T>[] = [];
  for (const e of sorted) {
    const at = toDate(e.scheduledFor);
    const key = dayKey(at, timeZone);
    const last = groups[groups.length - 1];
    if (last?.key === key) last.executions.push(e);
    else groups.push({ key, label: label.format(at), executions: [e] });
  }
  return groups;
}

/** TASK-02: case-insensitive match on name, description or agentName. */
export function matchesSearch(
  task: { name: string; description?: string | null; agentName?: string | null },
  query: string,
): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [task.name, task.description ?? "", task.agentName ?? ""].some((text) => text.toLowerCase().includes(q));
}

/** Metadata and error of an execution as the Details view shows them (TASK-31). */
export const formatJson = (value: unknown): string => JSON.stringify(value ?? {}, null, 2);
