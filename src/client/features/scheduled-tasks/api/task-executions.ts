// /api/scheduled-tasks/executions (hub §7, API-56..58): a task's history, its stats and Run Now.
import useSWR from "swr";
import {
  EXECUTIONS_DEFAULT_LIMIT,
  scheduledTaskPaths,
  type ExecutionListResponse,
  type ExecutionStats,
  type ExecutionStatsResponse,
  type RunNowResponse,
  type TaskExecution,
} from "@/shared/scheduled-tasks";
import { callApi } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";
import { taskCall, type TaskCallError } from "./task-call-error";

/** History: 50 by default, the dialog asks for 100 (TASK-35). */
export const executionsKey = (orgId: string, taskId: number, limit: number = EXECUTIONS_DEFAULT_LIMIT) =>
  orgPath(orgId, `${scheduledTaskPaths.executions}?taskId=${taskId}&limit=${limit}`);

export const executionStatsKey = (orgId: string, taskId: number, since: string) =>
  orgPath(orgId, `${scheduledTaskPaths.executions}?stats=true&taskId=${taskId}&since=${encodeURIComponent(since)}`);

const fetchExecutions = (url: string) =>
  taskCall("Failed to fetch task executions", async () => (await callApi<ExecutionListResponse>(url)).executions);

const fetchStats = (url: string) =>
  taskCall("Failed to fetch execution stats", async (): Promise<ExecutionStats> => {
    const { total, completed, failed, running, pending, skipped } = await callApi<ExecutionStatsResponse>(url);
    return { total, completed, failed, running, pending, skipped };
  });

/** `refreshInterval` > 0 polls; as a function of the latest list it can poll only while a run is going. */
export function useTaskExecutions(
  orgId: string,
  taskId: number | null,
  limit: number,
  refreshInterval: number | ((latest: TaskExecution[] | undefined) => number) = 0,
) {
  return useSWR<TaskExecution[], TaskCallError>(
    taskId === null ? null : executionsKey(orgId, taskId, limit),
    fetchExecutions,
    { refreshInterval },
  );
}

export function useTaskExecutionStats(orgId: string, taskId: number | null, since: string, refreshInterval = 0) {
  return useSWR<ExecutionStats, TaskCallError>(
    taskId === null ? null : executionStatsKey(orgId, taskId, since),
    fetchStats,
    { refreshInterval },
  );
}

/** POST: queues an immediate run (Run Now). */
export const runTaskNow = (orgId: string, taskId: number) =>
  taskCall("Failed to trigger task execution", async () => {
    const res = await callApi<RunNowResponse>(orgPath(orgId, scheduledTaskPaths.executions), {
      method: "POST",
      body: { taskId },
    });
    return res.execution;
  });
