// One task of the table (TASK-03..06, TASK-12): name, agent, the schedule in words, the switch with
// its badge, Last Run and the row menu.
import { History, MoreHorizontal, Pencil, Play, Trash2 } from "lucide-react";
import type { ScheduledTask } from "@/shared/scheduled-tasks";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/client/components/ui/dropdown-menu";
import { Switch } from "@/client/components/ui/switch";
import { formatDateTime, formatLastRun } from "./task-format";
import { TaskSchedule } from "./task-schedule";

export interface TaskRowActions {
  onToggle: (task: ScheduledTask, enabled: boolean) => void;
  onRunNow: (task: ScheduledTask) => void;
  onHistory: (task: ScheduledTask) => void;
  onEdit: (task: ScheduledTask) => void;
  onDelete: (task: ScheduledTask) => void;
}

export function TaskRow({
  task,
  now,
  timeZone,
  onToggle,
  onRunNow,
  onHistory,
  onEdit,
  onDelete,
}: { task: ScheduledTask; now: Date; timeZone: string } & TaskRowActions) {
  return (
    <tr className="border-b align-top last:border-0 hover:bg-muted/30">
      <td className="px-4 py-3">
        <div className="font-medium">{task.name}</div>
        {task.description && <div className="line-clamp-1 text-xs text-muted-foreground">{task.description}</div>}
      </td>
      <td className="px-4 py-3">{task.agentName}</td>
      <td className="px-4 py-3">
        <TaskSchedule task={task} />
      </td>
      <td className="px-4 py-3">
        <div className="flex items-center gap-2">
          <Switch
            checked={task.enabled}
            onCheckedChange={(enabled) => onToggle(task, enabled)}
            aria-label={`Enable ${task.name}`}
          />
          <Badge variant={task.enabled ? "success" : "secondary"}>{task.enabled ? "Active" : "Disabled"}</Badge>
        </div>
      </td>
      <td className="px-4 py-3 whitespace-nowrap">
        <span title={task.lastRunAt ? `${formatDateTime(task.lastRunAt, timeZone)} (${timeZone})` : undefined}>
          {formatLastRun(task.lastRunAt, now, timeZone)}
        </span>
      </td>
      <td className="px-2 py-2 text-right">
        {/* Not modal: the menu closes as the dialog it opens takes focus. */}
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${task.name}`}>
              <MoreHorizontal aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem disabled={!task.enabled} onSelect={() => onRunNow(task)}>
              <Play aria-hidden />
              Run Now
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onHistory(task)}>
              <History aria-hidden />
              View History
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onEdit(task)}>
              <Pencil aria-hidden />
              Edit
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              className="text-destructive focus:text-destructive [&_svg:not([class*='text-'])]:text-destructive"
              onSelect={() => onDelete(task)}
            >
              <Trash2 aria-hidden />
              Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </td>
    </tr>
  );
}
