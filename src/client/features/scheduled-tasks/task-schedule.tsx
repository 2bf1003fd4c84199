// A task's schedule in words, with its normalised cron and the time zone it runs in (the creator's).
import type { ScheduledTask } from "@/shared/scheduled-tasks";
import { describeSchedule } from "@/shared/cron";

/** The readable form of a saved schedule; a stored value the grammar no longer reads shows as is. */
export function readableSchedule(task: Pick<ScheduledTask, "schedule" | "cron">): string {
  try {
    return describeSchedule(task.cron || task.schedule);
  } catch {
    return task.schedule;
  }
}

export function TaskSchedule({ task }: { task: Pick<ScheduledTask, "schedule" | "cron" | "timeZone"> }) {
  return (
    <div className="grid gap-0.5">
      <span>{readableSchedule(task)}</span>
      <span className="text-xs text-muted-foreground">
        <code className="font-mono">{task.cron || task.schedule}</code> · {task.timeZone}
      </span>
    </div>
  );
}
