// A task's executions grouped by scheduled day, newest first (TASK-27..31): Scheduled Time, Status,
// Duration and Actions (View Chat in a new tab, Details with the error and metadata as JSON).
import { Fragment, useState } from "react";
import { ChevronDown, ChevronRight, ExternalLink } from "lucide-react";
import type { TaskExecution } from "@/shared/scheduled-tasks";
import { Button } from "@/client/components/ui/button";
import { ExecutionStatusBadge } from "./execution-status-badge";
import { executionDuration, formatJson, formatTimeOfDay, groupExecutionsByDay } from "./task-format";

export const EXECUTION_COLUMNS = ["Scheduled Time", "Status", "Duration", "Actions"] as const;

export function ExecutionsTable({
  executions,
  now,
  timeZone,
}: {
  executions: TaskExecution[];
  now: Date;
  timeZone: string;
}) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="grid gap-4">
      {groupExecutionsByDay(executions, timeZone).map((group) => (
        <section key={group.key} aria-labelledby={`executions-${group.key}`} className="grid gap-2">
          <h3 id={`executions-${group.key}`} className="text-sm font-semibold">
            {group.label}
          </h3>
          <div className="overflow-x-auto rounded-lg border">
            <table className="w-full text-sm">
              <thead className="border-b bg-muted/40 text-left text-xs text-muted-foreground">
                <tr>
                  {EXECUTION_COLUMNS.map((c) => (
                    <th key={c} scope="col" className="px-3 py-2 font-medium">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {group.executions.map((e) => (
                  <Fragment key={e.id}>
                    <tr className="border-b last:border-0" data-testid="execution-row">
                      <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                        {formatTimeOfDay(e.scheduledFor, timeZone)}
                        {e.metadata?.trigger === "manual" && (
                          <span className="ml-2 text-xs text-muted-foreground">Run Now</span>
                        )}
                      </td>
                      <td className="px-3 py-2">
                        <ExecutionStatusBadge status={e.status} />
                      </td>
                      <td className="px-3 py-2 tabular-nums">{executionDuration(e, now)}</td>
                      <td className="px-3 py-1.5">
                        <div className="flex items-center gap-1">
                          {e.conversationId && (
                            <Button variant="ghost" size="sm" asChild>
                              <a href={`/chat/${e.conversationId}`} target="_blank" rel="noopener noreferrer">
                                <ExternalLink aria-hidden />
                                View Chat
                              </a>
                            </Button>
                          )}
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-expanded={open.has(e.id)}
                            aria-controls={`execution-details-${e.id}`}
                            onClick={() => toggle(e.id)}
                          >
                            {open.has(e.id) ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
                            Details
                          </Button>
                        </div>
                      </td>
                    </tr>
                    {open.has(e.id) && (
                      <tr id={`execution-details-${e.id}`} className="border-b bg-muted/30 last:border-0">
                        <td colSpan={EXECUTION_COLUMNS.length} className="px-3 py-2">
                          <ExecutionDetails execution={e} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}

/** TASK-31: the error text, then the metadata as formatted JSON. */
function ExecutionDetails({ execution }: { execution: TaskExecution }) {
  return (
    <div className="grid gap-2 text-xs">
      {execution.error && (
        <div className="grid gap-1">
          <span className="font-medium">Error</span>
          <p className="rounded-md border border-destructive/30 bg-destructive/5 p-2 whitespace-pre-wrap text-destructive">
            {execution.error}
          </p>
        </div>
      )}
      <div className="grid gap-1">
        <span className="font-medium">Metadata</span>
        <pre className="max-h-64 overflow-auto rounded-md border bg-background p-2 font-mono">
          {formatJson(execution.metadata)}
        </pre>
      </div>
    </div>
  );
}
