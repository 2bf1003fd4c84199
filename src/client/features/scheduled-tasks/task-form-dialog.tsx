// The Create/Edit Task dialog (TASK-13..23): every field, the schema's messages for the fields touched,
// and submit disabled while saving or while anything (the schedule first of all) is invalid.
import { useMemo, useState, type FormEvent } from "react";
import type { ScheduledTask, ScheduledTaskInput } from "@/shared/scheduled-tasks";
import { useAgents } from "@/client/api/agents";
import { FormField, fieldA11y } from "@/client/components/form-field";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { Input } from "@/client/components/ui/input";
import { Spinner } from "@/client/components/ui/spinner";
import { Switch } from "@/client/components/ui/switch";
import { Textarea } from "@/client/components/ui/textarea";
import { AgentSelect } from "./agent-select";
import { ScheduleField } from "./schedule-field";
import { viewerTimeZone } from "./task-format";
import {
  EMPTY_TASK_VALUES,
  parseTaskForm,
  valuesFromTask,
  type TaskFormField,
  type TaskFormValues,
} from "./task-form-values";

export function TaskFormDialog({
  open,
  task,
  onOpenChange,
  onSubmit,
}: {
  open: boolean;
  /** The task being edited, or null to create one. */
  task: ScheduledTask | null;
  onOpenChange: (open: boolean) => void;
  onSubmit: (input: ScheduledTaskInput) => Promise<void>;
}) {
  const { org } = useActiveOrg();
  const { data: agents } = useAgents(org.id);
  const [values, setValues] = useState<TaskFormValues>(() => (task ? valuesFromTask(task) : EMPTY_TASK_VALUES));
  const [touched, setTouched] = useState<ReadonlySet<TaskFormField>>(new Set());
  const [saving, setSaving] = useState(false);
  // A schedule is read in its creator's zone (rulings): a new task takes the viewer's, an edit keeps its own.
  const timeZone = task?.timeZone ?? viewerTimeZone();
  const parsed = useMemo(() => parseTaskForm(values, timeZone), [values, timeZone]);
  const agentGone = !!agents && values.agentId !== "" && !agents.some((a) => String(a.id) === values.agentId);

  const errorOf = (field: TaskFormField) => (!parsed.ok && touched.has(field) ? parsed.errors[field] : undefined);
  const touch = (field: TaskFormField) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));
  const set = <K extends TaskFormField>(field: K, value: TaskFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    touch(field);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!parsed.ok || agentGone || saving) return;
    setSaving(true);
    try {
      await onSubmit(parsed.input);
    } finally {
      setSaving(false);
    }
  }

  const nameError = errorOf("name");
  const agentError = agentGone ? "This task's agent was deleted; choose another agent." : errorOf("agentId");
  const promptError = errorOf("prompt");

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{task ? "Edit Task" : "Create Task"}</DialogTitle>
          <DialogDescription>
            The agent receives the prompt in a new conversation each time the schedule comes round.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-5" onSubmit={(e) => void submit(e)} noValidate>
          <FormField id="task-name" label="Task Name" error={nameError}>
            <Input
              {...fieldA11y("task-name", { error: nameError })}
              value={values.name}
              onChange={(e) => set("name", e.target.value)}
              onBlur={() => touch("name")}
              placeholder="Morning news digest"
              autoComplete="off"
            />
          </FormField>
          <FormField id="task-agent" label="Agent" error={agentError}>
            <AgentSelect
              agents={agents}
              value={values.agentId}
              onChange={(id) => set("agentId", id)}
              a11y={fieldA11y("task-agent", { error: agentError })}
            />
          </FormField>
          <FormField id="task-description" label="Description" optional error={errorOf("description")}>
            <Input
              {...fieldA11y("task-description", { error: errorOf("description") })}
              value={values.description}
              onChange={(e) => set("description", e.target.value)}
              placeholder="What this task is for"
              autoComplete="off"
            />
          </FormField>
          <ScheduleField
            value={values.schedule}
            onChange={(schedule) => set("schedule", schedule)}
            onBlur={() => touch("schedule")}
            requiredError={errorOf("schedule") === "Schedule is required" ? "Schedule is required" : undefined}
            timeZone={timeZone}
          />
          <FormField
            id="task-prompt"
            label="Prompt"
            hint="The message sent to the agent each time the task runs."
            error={promptError}
          >
            <Textarea
              {...fieldA11y("task-prompt", { hint: true, error: promptError })}
              rows={5}
              value={values.prompt}
              onChange={(e) => set("prompt", e.target.value)}
              onBlur={() => touch("prompt")}
              placeholder="Summarise yesterday's industry news in five bullet points."
            />
          </FormField>
          <div className="grid gap-3 rounded-lg border p-3">
            <ToggleRow
              id="task-enabled"
              label="Enabled"
              hint="A disabled task keeps its schedule but does not run."
              checked={values.enabled}
              onChange={(v) => set("enabled", v)}
            />
            <ToggleRow
              id="task-notify"
              label="Email me after every run"
              hint="A failed run is always emailed to the task's creator."
              checked={values.notifyOnCompletion}
              onChange={(v) => set("notifyOnCompletion", v)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving || !parsed.ok || agentGone}>
              {saving && <Spinner label="Saving" />}
              {task ? "Update Task" : "Create Task"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ToggleRow({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      <Switch id={id} aria-describedby={`${id}-hint`} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}
