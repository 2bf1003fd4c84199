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

type Target = { kind: "create" } | { kind: "edit" | "history" | "delete"; task: ScheduledTask };
/** The dialog last opened; it stays set while the dialog animates closed, so its content does not flicker. */
type DialogState = { target: Target | null; shown: boolean; seq: number };

export function ScheduledTasksPage() {
  const { org } = useActiveOrg();
  const { data: tasks, error } = useScheduledTasks(org.id);
  const actions = useTaskActions(org.id);
  const [query, setQuery] = useState("");
  const [dialog, setDialog] = useState<DialogState>({ target: null, shown: false, seq: 0 });
  const open = (target: Target) => setDialog((d) => ({ target, shown: true, seq: d.seq + 1 }));
  const close = () => setDialog((d) => ({ ...d, shown: false }));
  const onOpenChange = (next: boolean) => !next && close();
  const target = dialog.target;
  const shown = (...kinds: Target["kind"][]) => dialog.shown && !!target && kinds.includes(target.kind);

  return (
    <section className="flex flex-col gap-6">
      <SectionHeader
        title="Scheduled Tasks"
        description="Run an agent with a prompt on a schedule; each run starts a new conversation you can open from its history."
        actions={
          <Button onClick={() => open({ kind: "create" })}>
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
        onHistory={(task) => open({ kind: "history", task })}
        onEdit={(task) => open({ kind: "edit", task })}
        onDelete={(task) => open({ kind: "delete", task })}
      />

      <TaskFormDialog
        key={dialog.seq}
        open={shown("create", "edit")}
        task={target?.kind === "edit" ? target.task : null}
        onOpenChange={onOpenChange}
        onSubmit={async (input) => {
          const saved =
            target?.kind === "edit" ? await actions.update(target.task.id, input) : await actions.create(input);
          if (saved) close();
        }}
      />
      <TaskHistoryDialog
        open={shown("history")}
        task={target?.kind === "history" ? target.task : null}
        onOpenChange={onOpenChange}
      />
      <ConfirmDialog
        open={shown("delete")}
        onOpenChange={onOpenChange}
        title="Delete Task"
        description={target?.kind === "delete" ? TASK_TEXT.deleteConfirm(target.task.name) : ""}
        confirmLabel="Delete"
        onConfirm={async () => {
          if (target?.kind === "delete") await actions.remove(target.task);
        }}
      />
    </section>
  );
}
