import type { ReactNode } from "react";
import { cn } from "@/client/lib/utils";

/** A one-line note in a tool's output: an empty result, a truncation warning, a count. */
export function Notice({ children, warning = false }: { children: ReactNode; warning?: boolean }) {
  return (
    <p className={cn("text-xs", warning ? "text-amber-700 dark:text-amber-400" : "text-muted-foreground")}>
      {children}
    </p>
  );
}
