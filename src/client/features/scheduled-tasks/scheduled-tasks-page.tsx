// /control-hub/scheduled-tasks (hub §2 Scheduled Tasks, TASK-01..11): the title, Create Task, the
// search box and the table, plus the create/edit, history and delete dialogs it opens. Members see and
// change their own tasks, admins every task of the organisation (decision 040): no read-only state.
import { useState } from "react";
import { Plus, Search } from "lucide-react";
import type { ScheduledTask } from "@/shared/scheduled-tasks";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { SectionHeader } from "@/client/components/section-header";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { useScheduledTasks } from "./api/scheduled-tasks";
import { TaskFormDialog } from "./task-form-dialog";
import { TaskHistoryDialog } from "./task-history-dialog";
import { TASK_TEXT } from "./task-messages";
import { TasksTable } from "./tasks-table";
import { useTaskActions } from "./use-task-actions";

type Open = { kind: "create" } | { kind: "edit" | "history" | "delete"; task: ScheduledTask } | null;

export function ScheduledTasksPage() {
  const { org } = useActiveOrg();
  const { data: tasks, error } = useScheduledTasks(org.id);
  const actions = useTaskActions(org.id);
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  return (
    <section className="flex flex-col gap-6">
      <SectionHeader
        title="Scheduled Tasks"
        description="Run an agent with a prompt on a schedule; each run starts a new conversation you can open from its history."
        actions={
          <Button onClick={() => setOpen({ kind: "create" })}>
            <Plus aria-hidden />
            Create Task
          </Button>
        }
      />
      <div className="relative max-w-sm">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label="Search tasks"
          placeholder={TASK_TEXT.searchPlaceholder}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="pl-9"
        />
      </div>
      <TasksTable
        tasks={tasks}
        error={tasks ? undefined : error}
        query={query}
        onToggle={(task, enabled) => void actions.toggle(task, enabled)}
        onRunNow={(task) => void actions.runNow(task)}
        onHistory={(task) => setOpen({ kind: "history", task })}
        onEdit={(task) => setOpen({ kind: "edit", task })}
        onDelete={(task) => setOpen({ kind: "delete", task })}
      />

      <TaskFormDialog
        key={open?.kind === "edit" ? `edit-${open.task.id}` : open?.kind === "create" ? "create" : "closed"}
        open={open?.kind === "create" || open?.kind === "edit"}
        task={open?.kind === "edit" ? open.task : null}
        onOpenChange={(next) => !next && close()}
        onSubmit={async (input) => {
          const saved = open?.kind === "edit" ? await actions.update(open.task.id, input) : await actions.create(input);
          if (saved) close();
        }}
      />
      <TaskHistoryDialog task={open?.kind === "history" ? open.task : null} onOpenChange={(next) => !next && close()} />
      <ConfirmDialog
        open={open?.kind === "delete"}
        onOpenChange={(next) => !next && close()}
        title="Delete Task"
        description={open?.kind === "delete" ? TASK_TEXT.deleteConfirm(open.task.name) : ""}
        confirmLabel="Delete"
        onConfirm={async () => {
          if (open?.kind === "delete") await actions.remove(open.task);
        }}
      />
    </section>
  );
}
