// Every task change with the spec's toasts (TASK-41..45); after each one the list is refetched
// (TASK-38) and the changed task's own entry and history too (API-51).
import { useCallback } from "react";
import { toast } from "sonner";
import { useSWRConfig } from "swr";
import { scheduledTaskPaths, type ScheduledTask, type ScheduledTaskInput } from "@/shared/scheduled-tasks";
import { createTask, deleteTask, taskKey, tasksKey, toggleTask, updateTask } from "./api/scheduled-tasks";
import { toastMessage } from "./api/task-call-error";
import { runTaskNow } from "./api/task-executions";
import { TASK_TOAST } from "./task-messages";

/** Whether an SWR key is one of a task's history or stats reads. */
export const isHistoryKeyOf = (taskId: number) => (key: unknown) =>
  typeof key === "string" &&
  key.startsWith(`${scheduledTaskPaths.executions}?`) &&
  new URLSearchParams(key.slice(key.indexOf("?"))).get("taskId") === String(taskId);

export function useTaskActions(orgId: string) {
  const { mutate } = useSWRConfig();

  const refresh = useCallback(
    async (taskId: number, { history = false } = {}) => {
      const jobs: Promise<unknown>[] = [mutate(tasksKey(orgId)), mutate(taskKey(orgId, taskId))];
      if (history) jobs.push(mutate(isHistoryKeyOf(taskId)));
      await Promise.all(jobs);
    },
    [mutate, orgId],
  );

  /** Resolves to the saved task, or null after a failure toast. */
  const create = useCallback(
    async (input: ScheduledTaskInput): Promise<ScheduledTask | null> => {
      try {
        const task = await createTask(orgId, input);
        toast.success(TASK_TOAST.created(task.name));
        await refresh(task.id);
        return task;
      } catch (err) {
        toast.error(toastMessage(err, TASK_TOAST.createFailed));
        return null;
      }
    },
    [orgId, refresh],
  );

  const update = useCallback(
    async (id: number, input: ScheduledTaskInput): Promise<ScheduledTask | null> => {
      try {
        const task = await updateTask(orgId, id, input);
        toast.success(TASK_TOAST.updated);
        await refresh(id);
        return task;
      } catch (err) {
        toast.error(toastMessage(err, TASK_TOAST.updateFailed));
        return null;
      }
    },
    [orgId, refresh],
  );

  const remove = useCallback(
    async (task: ScheduledTask): Promise<boolean> => {
      try {
        await deleteTask(orgId, task.id);
      } catch (err) {
        toast.error(toastMessage(err, TASK_TOAST.deleteFailed));
        return false;
      }
      toast.success(TASK_TOAST.deleted(task.name));
      await mutate(taskKey(orgId, task.id), undefined, { revalidate: false });
      await mutate(tasksKey(orgId));
      return true;
    },
    [mutate, orgId],
  );

  const toggle = useCallback(
    async (task: ScheduledTask, enabled: boolean): Promise<boolean> => {
      try {
        await toggleTask(orgId, task.id, enabled);
      } catch (err) {
        toast.error(toastMessage(err, TASK_TOAST.toggleFailed));
        await refresh(task.id);
        return false;
      }
      toast.success(TASK_TOAST.toggled(task.name, enabled));
      await refresh(task.id);
      return true;
    },
    [orgId, refresh],
  );

  const runNow = useCallback(
    async (task: ScheduledTask): Promise<boolean> => {
      try {
        await runTaskNow(orgId, task.id);
      } catch (err) {
        toast.error(toastMessage(err, TASK_TOAST.triggerFailed));
        return false;
      }
      toast.success(TASK_TOAST.triggered(task.name));
      await refresh(task.id, { history: true });
      return true;
    },
    [orgId, refresh],
  );

  return { create, update, remove, toggle, runNow };
}
