// A labelled form control with its hint and its validation message, wired for screen readers (the agent
// and task forms).
import type { ReactNode } from "react";
import { Label } from "@/client/components/ui/label";

export interface FieldA11y {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/** The props a control needs to be described by its hint and error. */
export function fieldA11y(id: string, opts: { hint?: boolean; error?: string }): FieldA11y {
  const describedBy = [opts.hint && `${id}-hint`, opts.error && `${id}-error`].filter(Boolean).join(" ");
  return {
    id,
    ...(opts.error ? { "aria-invalid": true as const } : {}),
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
  };
}

export function FormField({
  id,
  label,
  optional,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  /** Adds a muted "(optional)" to the label. */
  optional?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}
        {optional && (
          <>
            {" "}
            <span className="font-normal text-muted-foreground">(optional)</span>
          </>
        )}
      </Label>
      {children}
      {hint && (
        <div id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
