// An execution's status (TASK-34): pending yellow, running with a spinning blue icon, completed green,
// failed red; skipped (beyond the spec) grey; anything unknown as pending.
import { CheckCircle2, Clock, Loader2, SkipForward, XCircle, type LucideIcon } from "lucide-react";
import { cn } from "@/client/lib/utils";
import { normaliseStatus, type ShownStatus } from "./task-format";

const LOOK: Record<ShownStatus, { label: string; icon: LucideIcon; className: string }> = {
  pending: {
    label: "Pending",
    icon: Clock,
    className: "bg-yellow-100 text-yellow-900 dark:bg-yellow-500/15 dark:text-yellow-300",
  },
  running: {
    label: "Running",
    icon: Loader2,
    className: "bg-blue-100 text-blue-800 dark:bg-blue-500/15 dark:text-blue-300 [&>svg]:animate-spin",
  },
  completed: {
    label: "Completed",
    icon: CheckCircle2,
    className: "bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300",
  },
  failed: { label: "Failed", icon: XCircle, className: "bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300" },
  skipped: { label: "Skipped", icon: SkipForward, className: "bg-muted text-muted-foreground" },
};

export function ExecutionStatusBadge({ status }: { status: string }) {
  const shown = normaliseStatus(status);
  const { label, icon: Icon, className } = LOOK[shown];
  return (
    <span
      data-status={shown}
      className={cn("inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs font-medium", className)}
    >
      <Icon className="size-3.5" aria-hidden />
      {label}
    </span>
  );
}
