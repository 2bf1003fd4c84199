// How the task calls fail (hub §8, TASK-39/40): the response's message is read first, then the call's
// own fallback ("Failed to fetch scheduled tasks", "Failed to create scheduled task", ...).
import { HttpError } from "@/client/lib/api";

/** A failed task call; `message` is the server's text or the call's fallback. */
export class TaskCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = "TaskCallError";
  }
}

/** The response's `message` field, else its `error` (this server's `{ error, code }` bodies), else null. */
function bodyMessage(info: unknown): string | null {
  if (typeof info !== "object" || info === null) return null;
  for (const field of ["message", "error"] as const) {
    const text = (info as Record<string, unknown>)[field];
    if (typeof text === "string" && text.trim()) return text;
  }
  return null;
}

/** Runs a call and turns any failure (HTTP or network) into a TaskCallError with the call's fallback. */
export async function taskCall<T>(fallback: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof HttpError) throw new TaskCallError(bodyMessage(err.info) ?? fallback, err.status);
    throw new TaskCallError(fallback, null);
  }
}

/** The toast of a failed action: the call's message, or the toast's own fallback ("Failed to create task"). */
export const toastMessage = (err: unknown, fallback: string): string =>
  err instanceof TaskCallError && err.message ? err.message : fallback;
