// The task form's live schedule check (hub §5, TASK-21..23) and its quick presets, on the shared grammar
// of src/shared/cron.ts (CRON-01: the screens and schedule_task use the same checks).
import { CRON_PRESETS, describeSchedule, validateSchedule } from "@/shared/cron";

export type SchedulePreview =
  | { state: "empty" }
  | { state: "invalid"; error: string }
  | { state: "valid"; expression: string; description: string };

/** Nothing typed yet; the parser's message (or "Invalid schedule format"); or the normalised form in words. */
export function previewSchedule(input: string): SchedulePreview {
  if (!input.trim()) return { state: "empty" };
  const checked = validateSchedule(input);
  if (!checked.ok) return { state: "invalid", error: checked.error || "Invalid schedule format" };
  try {
    return { state: "valid", expression: checked.expression, description: describeSchedule(checked.expression) };
  } catch {
    return { state: "invalid", error: "Invalid schedule format" };
  }
}

/**
 * The preset buttons: one per distinct preset of the grammar ("every day" is the same as "daily", so
 * only the first name of each expression gets a button). A button fills in the cron it stands for.
 */
export const QUICK_PRESETS: readonly { label: string; term: string; expression: string }[] = Object.entries(
  CRON_PRESETS,
)
  .filter(([, expression], i, all) => all.findIndex(([, e]) => e === expression) === i)
  .map(([term, expression]) => ({ label: term.charAt(0).toUpperCase() + term.slice(1), term, expression }));
