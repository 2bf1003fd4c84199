// Coloured status badges for knowledge bases (KB-26) and files (KB-45).
import { Badge } from "@/client/components/ui/badge";
import { cn } from "@/client/lib/utils";
import { fileStatus, kbStatus, type BadgeTone } from "./kb-labels";

const TONES: Record<BadgeTone, string> = {
  green: "border-transparent bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300",
  blue: "border-transparent bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-300",
  yellow: "border-transparent bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-300",
  red: "border-transparent bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300",
  gray: "border-transparent bg-muted text-muted-foreground",
};

export function KbStatusBadge({ status }: { status: string | null | undefined }) {
  const { label, tone } = kbStatus(status);
  return <Badge className={TONES[tone]}>{label}</Badge>;
}

export function FileStatusBadge({ status, error }: { status: string | null | undefined; error?: string | null }) {
  const { label, tone } = fileStatus(status);
  return (
    <Badge className={cn(TONES[tone])} title={status === "failed" && error ? error : undefined}>
      {label}
    </Badge>
  );
}
