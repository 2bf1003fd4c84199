import type { ComponentProps } from "react";
import { Loader2 } from "lucide-react";
import { cn } from "@/client/lib/utils";

/** A spinning indicator; announced as "Loading" unless a label is given. */
export function Spinner({ className, label = "Loading", ...props }: ComponentProps<"svg"> & { label?: string }) {
  return <Loader2 role="status" aria-label={label} className={cn("size-4 animate-spin", className)} {...props} />;
}
