// Asking the running scheduler for an early tick, without importing it: the schedule_task tool and the
// routes stay out of the scheduler → run → chat → tools import chain (a cycle with the tools' loader).
let waker: (() => void) | null = null;

export function setSchedulerWaker(fn: (() => void) | null) {
  waker = fn;
}

/** A task became due now (Run Now, a new task): tick without waiting for the poll interval. */
export function wakeScheduler() {
  waker?.();
}
