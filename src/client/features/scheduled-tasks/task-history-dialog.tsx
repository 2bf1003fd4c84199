// The history dialog (TASK-24..35): the task's facts, five stat tiles and its last 100 executions.
// While one is pending or running the dialog polls, so a run is seen starting and finishing live.
import { useEffect, useRef, type ReactNode } from "react";
import { AlertTriangle, History } from "lucide-react";
import { useSWRConfig } from "swr";
import { EXECUTIONS_MAX_LIMIT, type ScheduledTask, type TaskExecution } from "@/shared/scheduled-tasks";
import { EmptyState } from "@/client/components/empty-state";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { Alert, AlertDescription } from "@/client/components/ui/alert";
import { Badge } from "@/client/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useScheduledTask, tasksKey } from "./api/scheduled-tasks";
import { useTaskExecutions, useTaskExecutionStats } from "./api/task-executions";
import { ExecutionStatTiles } from "./execution-stats";
import { ExecutionsTable } from "./executions-table";
import { formatDateTime, hasActiveExecution, viewerTimeZone } from "./task-format";
import { TASK_TEXT } from "./task-messages";
import { readableSchedule } from "./task-schedule";
import { useNow } from "./use-now";

/** How often an open history refetches while a run is pending or running, and otherwise. */
export const HISTORY_POLL_MS = 2000;
export const HISTORY_IDLE_POLL_MS = 15_000;
/** The stats cover every execution the task has had. */
const ALL_TIME = new Date(0).toISOString();

/**
 * SWR's refresh interval, asked after each fetch with the latest list: fast while a run is pending or
 * running (and before the first answer), slowly otherwise so a scheduled run starting while the dialog
 * is open shows up too. Module-level on purpose: SWR restarts its timer whenever the function changes.
 */
const historyPollInterval = (latest: TaskExecution[] | undefined) =>
  !latest || hasActiveExecution(latest) ? HISTORY_POLL_MS : HISTORY_IDLE_POLL_MS;

export function TaskHistoryDialog({
  open,
  task,
  onOpenChange,
}: {
  open: boolean;
  /** The task shown; kept while the dialog animates closed. */
  task: ScheduledTask | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open && task !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-3xl">
        {task && <HistoryBody key={task.id} task={task} />}
      </DialogContent>
    </Dialog>
  );
}

function HistoryBody({ task: initial }: { task: ScheduledTask }) {
  const { org } = useActiveOrg();
  const { mutate } = useSWRConfig();
  const { data: fresh } = useScheduledTask(org.id, initial.id);
  const task = fresh ?? initial;
  const timeZone = viewerTimeZone();

  const executions = useTaskExecutions(org.id, task.id, EXECUTIONS_MAX_LIMIT, historyPollInterval);
  const active = hasActiveExecution(executions.data ?? []);
  const stats = useTaskExecutionStats(org.id, task.id, ALL_TIME, active ? HISTORY_POLL_MS : 0);
  const now = useNow(1000, active);

  // When a run settles, the tiles, the task's Last Run and the list catch up at once.
  const signature = (executions.data ?? []).map((e) => `${e.id}:${e.status}`).join(",");
  const seen = useRef(signature);
  const refreshStats = stats.mutate;
  useEffect(() => {
    if (seen.current === signature) return;
    seen.current = signature;
    void refreshStats();
    void mutate(tasksKey(org.id));
  }, [signature, refreshStats, mutate, org.id]);

  return (
    <>
      <DialogHeader>
        <DialogTitle>{task.name}</DialogTitle>
        <DialogDescription>{task.description || "Execution history"}</DialogDescription>
      </DialogHeader>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Fact label="Schedule">
          {readableSchedule(task)}{" "}
          <span className="text-xs text-muted-foreground">
            (<code className="font-mono">{task.cron || task.schedule}</code>, {task.timeZone})
          </span>
        </Fact>
        <Fact label="Agent">{task.agentName}</Fact>
        <Fact label="Status">
          <Badge variant={task.enabled ? "success" : "secondary"}>{task.enabled ? "Active" : "Disabled"}</Badge>
        </Fact>
        <Fact label="Next run">
          {task.enabled && task.nextRunAt ? `${formatDateTime(task.nextRunAt, timeZone)}` : "—"}
        </Fact>
      </dl>
      <ExecutionStatTiles stats={stats.data} />
      <p className="text-xs text-muted-foreground">Times are shown in your time zone ({timeZone}).</p>
      {executions.error && !executions.data ? (
        <Alert variant="destructive">
          <AlertTriangle aria-hidden />
          <AlertDescription>{TASK_TEXT.historyFailed(executions.error.message)}</AlertDescription>
        </Alert>
      ) : !executions.data ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Loading executions">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-9" />
          ))}
        </div>
      ) : executions.data.length === 0 ? (
        <EmptyState icon={History} title={TASK_TEXT.historyEmptyTitle}>
          {TASK_TEXT.historyEmptyHint}
        </EmptyState>
      ) : (
        <ExecutionsTable executions={executions.data} now={now} timeZone={timeZone} />
      )}
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
