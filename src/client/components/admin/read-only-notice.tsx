import { LockIcon } from "lucide-react";
import { Alert, AlertDescription } from "@/client/components/ui/alert";
import { Badge } from "@/client/components/ui/badge";
import { cn } from "@/client/lib/utils";

export const READ_ONLY_MESSAGE = "You have read-only access. Only organization admins can change these settings.";
/** The title of every control a member cannot use (ROLE-12..14). */
export const ADMIN_REQUIRED_TITLE = "Admin access required";

/** ROLE-12: the yellow notice above an admin area a member can only look at. */
export function ReadOnlyNotice({ className, children = READ_ONLY_MESSAGE }: { className?: string; children?: string }) {
  return (
    <Alert variant="warning" role="status" className={className}>
      <LockIcon aria-hidden />
      <AlertDescription>{children}</AlertDescription>
    </Alert>
  );
}

/** ROLE-12: the "Read-only" badge beside a page title. */
export function ReadOnlyBadge({ className }: { className?: string }) {
  return (
    <Badge variant="warning" className={cn("gap-1", className)}>
      <LockIcon aria-hidden />
      Read-only
    </Badge>
  );
}

/** Props for a control a member may see but not use: `<Button {...adminOnly(isAdmin)}>`. */
export function adminOnly(isAdmin: boolean): { disabled?: boolean; title?: string } {
  return isAdmin ? {} : { disabled: true, title: ADMIN_REQUIRED_TITLE };
}
