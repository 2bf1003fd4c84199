// The schedule part of the task form (TASK-13, TASK-15, TASK-21..23): quick presets, the expression
// and its live preview in words, in the time zone the task runs in.
import { CalendarClock, AlertCircle } from "lucide-react";
import { FormField, fieldA11y } from "@/client/components/form-field";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { cn } from "@/client/lib/utils";
import { previewSchedule, QUICK_PRESETS } from "./schedule-preview";
import { TASK_TEXT } from "./task-messages";

export function ScheduleField({
  value,
  onChange,
  onBlur,
  requiredError,
  timeZone,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** "Schedule is required", once the field has been touched and left empty. */
  requiredError?: string;
  timeZone: string;
}) {
  const preview = previewSchedule(value);
  return (
    <>
      <div className="grid gap-2">
        <span id="task-presets-label" className="text-sm font-medium">
          Quick presets
        </span>
        <div role="group" aria-labelledby="task-presets-label" className="flex flex-wrap gap-1.5">
          {QUICK_PRESETS.map((p) => (
            <Button
              key={p.term}
              type="button"
              size="sm"
              variant={preview.state === "valid" && preview.expression === p.expression ? "secondary" : "outline"}
              className="h-7 px-2.5 text-xs"
              onClick={() => onChange(p.expression)}
            >
              {p.label}
            </Button>
          ))}
        </div>
      </div>
      <FormField
        id="task-schedule"
        label="Schedule Expression"
        hint="Use cron (minute hour day month weekday) or simple terms like daily, hourly, weekly."
        error={preview.state === "empty" ? requiredError : undefined}
      >
        <Input
          {...fieldA11y("task-schedule", {
            hint: true,
            error: preview.state === "invalid" ? preview.error : requiredError,
          })}
          className="font-mono"
          placeholder={TASK_TEXT.schedulePlaceholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          autoComplete="off"
          spellCheck={false}
        />
      </FormField>
      <section
        aria-label="Schedule Preview"
        aria-live="polite"
        className={cn(
          "grid gap-1 rounded-lg border px-3 py-2.5 text-sm",
          preview.state === "invalid" ? "border-destructive/40 bg-destructive/5" : "bg-muted/40",
        )}
      >
        <h3 className="text-xs font-medium text-muted-foreground">Schedule Preview</h3>
        {preview.state === "valid" ? (
          <>
            <p className="flex items-center gap-2 font-medium">
              <CalendarClock className="size-4 text-muted-foreground" aria-hidden />
              {preview.description}
            </p>
            <p className="text-xs text-muted-foreground">
              <code className="font-mono">{preview.expression}</code> · times in {timeZone}
            </p>
          </>
        ) : preview.state === "invalid" ? (
          <p id="task-schedule-error" className="flex items-start gap-2 text-destructive">
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
            {preview.error || TASK_TEXT.invalidSchedule}
          </p>
        ) : (
          <p className="text-muted-foreground">Pick a preset or type a schedule to see when the task runs.</p>
        )}
      </section>
    </>
  );
}
