import { describe, expect, it } from "vitest";
import { HttpError } from "@/client/lib/api";
import { TASK_TOAST } from "../task-messages";
import { taskCall, TaskCallError, toastMessage } from "./task-call-error";

const failWith = (err: unknown) => taskCall("Failed to create scheduled task", () => Promise.reject(err));

describe("task call failures", () => {
  it("[TASK-39] read the response's message field first, then its error, then the call's fallback", async () => {
    await expect(failWith(new HttpError(400, { message: "Bad schedule", error: "x" }))).rejects.toMatchObject({
      message: "Bad schedule",
      status: 400,
    });
    await expect(failWith(new HttpError(404, { error: "Task not found", code: "not_found" }))).rejects.toMatchObject({
      message: "Task not found",
    });
    await expect(failWith(new HttpError(500, null))).rejects.toMatchObject({
      message: "Failed to create scheduled task",
    });
    await expect(failWith(new HttpError(502, "<html>Bad gateway</html>"))).rejects.toMatchObject({
      message: "Failed to create scheduled task",
    });
    await expect(failWith(new TypeError("Failed to fetch"))).rejects.toMatchObject({
      message: "Failed to create scheduled task",
      status: null,
    });
  });

  it("[TASK-41] [TASK-42] [TASK-43] [TASK-44] [TASK-45] a toast shows the call's message, or its own fallback for anything else", () => {
    expect(toastMessage(new TaskCallError("Agent not found", 400), TASK_TOAST.createFailed)).toBe("Agent not found");
    expect(toastMessage(new Error("boom"), TASK_TOAST.createFailed)).toBe("Failed to create task");
    expect(toastMessage(undefined, TASK_TOAST.updateFailed)).toBe("Failed to update task");
    expect(toastMessage("x", TASK_TOAST.deleteFailed)).toBe("Failed to delete task");
    expect(toastMessage(null, TASK_TOAST.toggleFailed)).toBe("Failed to toggle task");
    expect(toastMessage({}, TASK_TOAST.triggerFailed)).toBe("Failed to trigger task");
  });

  it("[TASK-41] [TASK-42] [TASK-43] [TASK-44] [TASK-45] success toasts read as the spec says", () => {
    expect(TASK_TOAST.created("Digest")).toBe('Task "Digest" created successfully');
    expect(TASK_TOAST.updated).toBe("Task updated successfully");
    expect(TASK_TOAST.deleted("Digest")).toBe('Task "Digest" deleted successfully');
    expect(TASK_TOAST.toggled("Digest", true)).toBe('Task "Digest" enabled');
    expect(TASK_TOAST.toggled("Digest", false)).toBe('Task "Digest" disabled');
    expect(TASK_TOAST.triggered("Digest")).toBe('Task "Digest" scheduled for immediate execution');
  });
});
