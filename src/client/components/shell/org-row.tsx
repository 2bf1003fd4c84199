// One organisation on the welcome screen: an icon, its name, a line under it and the row's buttons.
import type { ComponentType, ReactNode } from "react";

export function OrgRow({
  icon: Icon,
  name,
  detail,
  children,
}: {
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  name: string;
  detail: string;
  children: ReactNode;
}) {
  return (
    <li className="flex items-center gap-3 rounded-lg border bg-background p-3">
      <span className="flex size-8 items-center justify-center rounded-md bg-primary/10 text-primary">
        <Icon className="size-4" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium">{name}</span>
        <span className="block text-xs text-muted-foreground">{detail}</span>
      </span>
      {children}
    </li>
  );
}
