// /api/scheduled-tasks/manage and /toggle (hub §7, API-50..55): the organisation's tasks, one task, and
// the writes. Every read has its own fetcher, so a failure carries the spec's fallback text (TASK-40).
import useSWR from "swr";
import {
  scheduledTaskPaths,
  type DeleteTaskResponse,
  type ScheduledTask,
  type ScheduledTaskInput,
  type TaskListResponse,
  type TaskResponse,
} from "@/shared/scheduled-tasks";
import { callApi } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";
import { taskCall, type TaskCallError } from "./task-call-error";

export const tasksKey = (orgId: string) => orgPath(orgId, scheduledTaskPaths.manage);
export const taskKey = (orgId: string, id: number) => orgPath(orgId, scheduledTaskPaths.one(id));

const fetchTasks = (url: string) =>
  taskCall("Failed to fetch scheduled tasks", async () => (await callApi<TaskListResponse>(url)).tasks);

const fetchTask = (url: string) =>
  taskCall("Failed to fetch scheduled tasks", async () => (await callApi<TaskResponse>(url)).task);

/** GET /manage: the organisation's tasks the caller may see. */
export function useScheduledTasks(orgId: string) {
  return useSWR<ScheduledTask[], TaskCallError>(tasksKey(orgId), fetchTasks);
}

/** GET /manage/{id}: one task, refreshed after an update or a toggle (API-51). */
export function useScheduledTask(orgId: string, id: number | null) {
  return useSWR<ScheduledTask, TaskCallError>(id === null ? null : taskKey(orgId, id), fetchTask);
}

export const createTask = (orgId: string, input: ScheduledTaskInput) =>
  taskCall("Failed to create scheduled task", async () => {
    const res = await callApi<TaskResponse>(tasksKey(orgId), { method: "POST", body: input });
    return res.task;
  });

export const updateTask = (orgId: string, id: number, input: ScheduledTaskInput) =>
  taskCall("Failed to update scheduled task", async () => {
    const res = await callApi<TaskResponse>(taskKey(orgId, id), { method: "PUT", body: input });
    return res.task;
  });

export const deleteTask = (orgId: string, id: number) =>
  taskCall("Failed to delete scheduled task", () =>
    callApi<DeleteTaskResponse>(taskKey(orgId, id), { method: "DELETE" }),
  );

export const toggleTask = (orgId: string, taskId: number, enabled: boolean) =>
  taskCall("Failed to toggle scheduled task", async () => {
    const res = await callApi<TaskResponse>(orgPath(orgId, scheduledTaskPaths.toggle), {
      method: "POST",
      body: { taskId, enabled },
    });
    return res.task;
  });
