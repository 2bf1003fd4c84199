import { describe, expect, it } from "vitest";
import {
  executionDuration,
  formatDurationMs,
  formatLastRun,
  formatSuccessRate,
  groupExecutionsByDay,
  hasActiveExecution,
  matchesSearch,
  normaliseStatus,
} from "./task-format";

const NOW = new Date("2026-11-26T15:00:00.000Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("Last Run", () => {
  it('[TASK-05] reads "Never" without a run', () => {
    expect(formatLastRun(null, NOW)).toBe("Never");
    expect(formatLastRun(undefined, NOW)).toBe("Never");
  });

  it('[TASK-05] switches at 1 minute, 60 minutes, 24 hours and 30 days: "Just now", "Xm ago", "Xh ago", "Xd ago", then a date', () => {
    expect(formatLastRun(ago(0), NOW)).toBe("Just now");
    expect(formatLastRun(ago(59 * SEC), NOW)).toBe("Just now");
    expect(formatLastRun(ago(MIN), NOW)).toBe("1m ago");
    expect(formatLastRun(ago(59 * MIN + 59 * SEC), NOW)).toBe("59m ago");
    expect(formatLastRun(ago(HOUR), NOW)).toBe("1h ago");
    expect(formatLastRun(ago(23 * HOUR + 59 * MIN), NOW)).toBe("23h ago");
    expect(formatLastRun(ago(DAY), NOW)).toBe("1d ago");
    expect(formatLastRun(ago(30 * DAY - SEC), NOW)).toBe("29d ago");
    expect(formatLastRun(ago(30 * DAY), NOW, "UTC")).toBe("Oct 27, 2026");
    expect(formatLastRun("2025-01-05T12:00:00.000Z", NOW, "UTC")).toBe("Jan 5, 2025");
  });

  it("[TASK-05] the date past 30 days is the viewer's calendar day", () => {
    const lateEvening = "2026-10-01T23:30:00.000Z";
    expect(formatLastRun(lateEvening, NOW, "UTC")).toBe("Oct 1, 2026");
    expect(formatLastRun(lateEvening, NOW, "Asia/Kolkata")).toBe("Oct 2, 2026");
  });

  it('[TASK-05] a time slightly ahead of the viewer\'s clock reads "Just now"', () => {
    expect(formatLastRun(new Date(NOW.getTime() + 5 * SEC).toISOString(), NOW)).toBe("Just now");
  });
});

describe("Duration", () => {
  it('[TASK-29] reads "Xs" under a minute and "Xm Ys" from a minute up', () => {
    expect(formatDurationMs(0)).toBe("0s");
    expect(formatDurationMs(4_900)).toBe("4s");
    expect(formatDurationMs(59_999)).toBe("59s");
    expect(formatDurationMs(60_000)).toBe("1m 0s");
    expect(formatDurationMs(125_000)).toBe("2m 5s");
    expect(formatDurationMs(3_725_000)).toBe("62m 5s");
  });

  it("[TASK-29] a finished run lasts from start to end; a running one counts up; a pending one has none", () => {
    const done = { startedAt: ago(5 * MIN), completedAt: ago(3 * MIN + 30 * SEC), status: "completed" };
    expect(executionDuration(done, NOW)).toBe("1m 30s");
    expect(executionDuration({ startedAt: ago(12 * SEC), completedAt: null, status: "running" }, NOW)).toBe("12s");
    expect(executionDuration({ startedAt: null, completedAt: null, status: "pending" }, NOW)).toBe("—");
    expect(executionDuration({ startedAt: ago(SEC), completedAt: null, status: "failed" }, NOW)).toBe("—");
  });
});

describe("Success Rate", () => {
  it('[TASK-26] is completed/total as a percent with 1 decimal, or "No executions"', () => {
    expect(formatSuccessRate({ total: 0, completed: 0 })).toBe("No executions");
    expect(formatSuccessRate({ total: 3, completed: 2 })).toBe("66.7%");
    expect(formatSuccessRate({ total: 4, completed: 4 })).toBe("100.0%");
    expect(formatSuccessRate({ total: 8, completed: 0 })).toBe("0.0%");
    expect(formatSuccessRate({ total: 7, completed: 1 })).toBe("14.3%");
  });
});

describe("Execution status", () => {
  it("[TASK-34] an unknown status shows as pending", () => {
    expect(normaliseStatus("running")).toBe("running");
    expect(normaliseStatus("completed")).toBe("completed");
    expect(normaliseStatus("failed")).toBe("failed");
    expect(normaliseStatus("skipped")).toBe("skipped");
    expect(normaliseStatus("queued")).toBe("pending");
    expect(normaliseStatus(null)).toBe("pending");
  });

  it("polls only while an execution is pending or running", () => {
    expect(hasActiveExecution([{ status: "completed" }, { status: "failed" }, { status: "skipped" }])).toBe(false);
    expect(hasActiveExecution([{ status: "completed" }, { status: "running" }])).toBe(true);
    expect(hasActiveExecution([{ status: "pending" }])).toBe(true);
    expect(hasActiveExecution([])).toBe(false);
  });
});

describe("Grouping", () => {
  it("[TASK-27] groups executions by scheduled day, newest day first and newest first within a day", () => {
    const runs = [
      { id: "a", scheduledFor: "2026-11-24T09:00:00.000Z" },
      { id: "b", scheduledFor: "2026-11-26T09:00:00.000Z" },
      { id: "c", scheduledFor: "2026-11-26T14:00:00.000Z" },
      { id: "d", scheduledFor: "2026-11-25T23:59:00.000Z" },
    ];
    const groups = groupExecutionsByDay(runs, "UTC");
    expect(groups.map((g) => [g.label, g.executions.map((e) => e.id)])).toEqual([
      ["Thursday, November 26, 2026", ["c", "b"]],
      ["Wednesday, November 25, 2026", ["d"]],
      ["Tuesday, November 24, 2026", ["a"]],
    ]);
  });

  it("[TASK-27] the day is the viewer's: a late-evening UTC run falls on the next day in Kolkata", () => {
    const runs = [
      { id: "late", scheduledFor: "2026-11-25T23:00:00.000Z" },
      { id: "morning", scheduledFor: "2026-11-26T03:00:00.000Z" },
    ];
    expect(groupExecutionsByDay(runs, "UTC").map((g) => g.executions.length)).toEqual([1, 1]);
    const kolkata = groupExecutionsByDay(runs, "Asia/Kolkata");
    expect(kolkata).toHaveLength(1);
    expect(kolkata[0]!.label).toBe("Thursday, November 26, 2026");
    expect(kolkata[0]!.executions.map((e) => e.id)).toEqual(["morning", "late"]);
  });
});

describe("Search", () => {
  const task = { name: "Morning Digest", description: "Summarise the news", agentName: "Researcher" };
  it("[TASK-02] matches name, description or agentName, ignoring case", () => {
    expect(matchesSearch(task, "")).toBe(true);
    expect(matchesSearch(task, "digest")).toBe(true);
    expect(matchesSearch(task, "NEWS")).toBe(true);
    expect(matchesSearch(task, "research")).toBe(true);
    expect(matchesSearch(task, "  morning ")).toBe(true);
    expect(matchesSearch(task, "weather")).toBe(false);
    expect(matchesSearch({ name: "x", description: null, agentName: null }, "y")).toBe(false);
  });
});
