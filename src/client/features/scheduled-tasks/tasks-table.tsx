// The task table (TASK-03..11): loading skeletons, the failure and empty texts, then one row per task
// matching the search.
import { AlertTriangle, CalendarClock, SearchX } from "lucide-react";
import type { ScheduledTask } from "@/shared/scheduled-tasks";
import { EmptyState } from "@/client/components/empty-state";
import { Alert, AlertDescription } from "@/client/components/ui/alert";
import { Skeleton } from "@/client/components/ui/skeleton";
import type { TaskCallError } from "./api/task-call-error";
import { matchesSearch, viewerTimeZone } from "./task-format";
import { TASK_TEXT } from "./task-messages";
import { TaskRow, type TaskRowActions } from "./task-row";
import { useNow } from "./use-now";

export const TASK_COLUMNS = ["Name", "Agent", "Schedule", "Status", "Last Run"] as const;

/** TASK-10: three placeholder rows while the list loads. */
function SkeletonRows() {
  return (
    <>
      {Array.from({ length: 3 }, (_, i) => (
        <tr key={i} data-testid="task-skeleton-row" className="border-b last:border-0">
          {[...TASK_COLUMNS, ""].map((column, j) => (
            <td key={column || j} className="px-4 py-3">
              <Skeleton className={j === 0 ? "h-4 w-40" : "h-4 w-20"} />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

export function TasksTable({
  tasks,
  error,
  query,
  ...actions
}: {
  tasks: ScheduledTask[] | undefined;
  error: TaskCallError | undefined;
  query: string;
} & TaskRowActions) {
  const now = useNow(30_000);
  const timeZone = viewerTimeZone();

  if (error) {
    return (
      <Alert variant="destructive" role="alert">
        <AlertTriangle aria-hidden />
        <AlertDescription>{TASK_TEXT.loadFailed(error.message)}</AlertDescription>
      </Alert>
    );
  }
  if (tasks?.length === 0) {
    return (
      <EmptyState icon={CalendarClock} title={TASK_TEXT.emptyTitle}>
        {TASK_TEXT.emptyHint}
      </EmptyState>
    );
  }
  const shown = tasks?.filter((t) => matchesSearch(t, query));
  if (shown?.length === 0) return <EmptyState icon={SearchX} title={TASK_TEXT.noMatches} />;

  return (
    <div className="grid gap-2">
      <div className="overflow-x-auto rounded-xl border">
        <table className="w-full text-sm" aria-busy={!tasks} aria-label="Scheduled tasks">
          <thead className="border-b bg-muted/40 text-left text-xs font-medium text-muted-foreground">
            <tr>
              {TASK_COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-4 py-2.5 font-medium">
                  {column}
                </th>
              ))}
              <th scope="col" className="w-12 px-4 py-2.5">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown ? (
              shown.map((task) => <TaskRow key={task.id} task={task} now={now} timeZone={timeZone} {...actions} />)
            ) : (
              <SkeletonRows />
            )}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted-foreground">
        Each schedule runs in its task's time zone; dates are shown in yours ({timeZone}).
      </p>
    </div>
  );
}
