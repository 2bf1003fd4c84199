import { describe, expect, it } from "vitest";
import type { ScheduledTask } from "@/shared/scheduled-tasks";
import { EMPTY_TASK_VALUES, parseTaskForm, valuesFromTask, type TaskFormValues } from "./task-form-values";

const VALID: TaskFormValues = {
  ...EMPTY_TASK_VALUES,
  name: "Morning digest",
  agentId: "7",
  schedule: "daily",
  prompt: "Summarise yesterday's news",
};

const errorsOf = (values: Partial<TaskFormValues>) => {
  const parsed = parseTaskForm({ ...VALID, ...values }, "Europe/Berlin");
  return parsed.ok ? {} : parsed.errors;
};

describe("task form", () => {
  it("[TASK-18] the name is required and at most 100 characters", () => {
    expect(errorsOf({ name: "" }).name).toBe("Name is required");
    expect(errorsOf({ name: "   " }).name).toBe("Name is required");
    expect(errorsOf({ name: "x".repeat(101) }).name).toBe("Name must be less than 100 characters");
    expect(errorsOf({ name: "x".repeat(100) }).name).toBeUndefined();
  });

  it("[TASK-19] agent, prompt and schedule are required", () => {
    expect(errorsOf({ agentId: "" }).agentId).toBe("Agent is required");
    expect(errorsOf({ prompt: " " }).prompt).toBe("Prompt is required");
    expect(errorsOf({ schedule: "" }).schedule).toBe("Schedule is required");
  });

  it("[TASK-21] [CRON-01] an invalid schedule reads the grammar's message", () => {
    expect(errorsOf({ schedule: "0 9 * * 9" }).schedule).toBe("Invalid weekday: Value 9 must be between 0 and 7");
  });

  it("[TASK-20] the description is optional and a new task is enabled", () => {
    expect(EMPTY_TASK_VALUES.enabled).toBe(true);
    const parsed = parseTaskForm({ ...VALID, description: "" }, "Europe/Berlin");
    expect(parsed).toEqual({
      ok: true,
      input: {
        name: "Morning digest",
        description: "",
        agentId: 7,
        prompt: "Summarise yesterday's news",
        schedule: "daily",
        enabled: true,
        notifyOnCompletion: false,
        timeZone: "Europe/Berlin",
      },
    });
  });

  it("sends the schedule as typed, trimmed, with the zone it is read in", () => {
    const parsed = parseTaskForm({ ...VALID, name: "  Digest ", schedule: " 0 9 * * 1-5 " }, "Asia/Kolkata");
    expect(parsed.ok && parsed.input).toMatchObject({
      name: "Digest",
      schedule: "0 9 * * 1-5",
      timeZone: "Asia/Kolkata",
    });
  });

  it("an edited task starts from its saved values", () => {
    const task = {
      id: 3,
      name: "Weekly report",
      description: "For the team",
      agentId: 12,
      agentName: "Writer",
      prompt: "Write the weekly report",
      schedule: "weekly",
      cron: "0 9 * * 1",
      enabled: false,
      lastRunAt: null,
      timeZone: "America/New_York",
      nextRunAt: null,
      notifyOnCompletion: true,
      createdBy: "u1",
      createdAt: "2026-11-01T00:00:00.000Z",
      updatedAt: "2026-11-01T00:00:00.000Z",
    } satisfies ScheduledTask;
    expect(valuesFromTask(task)).toEqual({
      name: "Weekly report",
      agentId: "12",
      description: "For the team",
      schedule: "weekly",
      prompt: "Write the weekly report",
      enabled: false,
      notifyOnCompletion: true,
    });
  });
});
