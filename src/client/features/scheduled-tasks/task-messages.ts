// The task screens' texts (hub §2 Scheduled Tasks, §8), verbatim.

export const TASK_TEXT = {
  searchPlaceholder: "Search tasks...",
  emptyTitle: "No scheduled tasks",
  emptyHint: "Create your first scheduled task to get started",
  noMatches: "No tasks match your search",
  loadFailed: (message: string) => `Failed to load scheduled tasks: ${message}`,
  schedulePlaceholder: "0 9 * * * (daily at 9 AM) or use presets above",
  invalidSchedule: "Invalid schedule format",
  noExecutions: "No executions",
  historyEmptyTitle: "No executions yet",
  historyEmptyHint: "This task hasn't been executed yet. Check back after the next scheduled run.",
  historyFailed: (message: string) => `Failed to load execution history: ${message}`,
  deleteConfirm: (name: string) =>
    `Are you sure you want to delete "${name}"? This action cannot be undone. All execution history will be preserved.`,
} as const;

/** Toasts (TASK-41..45): successes, and the fallbacks when a failure carries no message. */
export const TASK_TOAST = {
  created: (name: string) => `Task "${name}" created successfully`,
  updated: "Task updated successfully",
  deleted: (name: string) => `Task "${name}" deleted successfully`,
  toggled: (name: string, enabled: boolean) => `Task "${name}" ${enabled ? "enabled" : "disabled"}`,
  triggered: (name: string) => `Task "${name}" scheduled for immediate execution`,
  createFailed: "Failed to create task",
  updateFailed: "Failed to update task",
  deleteFailed: "Failed to delete task",
  toggleFailed: "Failed to toggle task",
  triggerFailed: "Failed to trigger task",
} as const;
