// One row of the users list (USER-03..09), with its people actions (decision 069).
import type { ReactNode } from "react";
import { Pencil } from "lucide-react";
import { ACTIVITY_LABELS, PENDING_EDIT_TITLE, displayName, type OrgUser } from "@/shared/users/schema";
import { relativeTime } from "@/shared/users/relative-time";
import { USER_METADATA_MAX } from "@/shared/dashboard/format";
import { initials } from "@/client/lib/initials";
import { MetadataChips } from "@/client/components/metadata-chips";
import { Avatar, AvatarFallback, AvatarImage } from "@/client/components/ui/avatar";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";

const ACTIVITY_VARIANT = { active: "success", pending: "warning", expired: "outline", inactive: "secondary" } as const;

export function UserRow({ user, onEdit, actions }: { user: OrgUser; onEdit: () => void; actions?: ReactNode }) {
  const name = displayName(user);
  const pending = user.isInvitation && user.activityStatus === "pending";
  return (
    <li aria-label={name} className="flex flex-wrap items-center gap-4 border-b p-4 last:border-b-0">
      <Avatar className="size-9">
        {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
        <AvatarFallback>{initials(name)}</AvatarFallback>
      </Avatar>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{name}</span>
          <Badge variant={ACTIVITY_VARIANT[user.activityStatus]}>{ACTIVITY_LABELS[user.activityStatus]}</Badge>
          <Badge variant="outline">{user.role}</Badge>
        </div>
        <span className="text-sm text-muted-foreground">{user.email}</span>
        <span className="text-xs text-muted-foreground">
          {user.isInvitation
            ? `Invited ${relativeTime(user.invitationCreatedAt)}`
            : `Joined ${relativeTime(user.joinedAt)} · Last sign-in ${relativeTime(user.lastSignInAt)}`}
        </span>
        <MetadataChips metadata={user.publicMetadata} max={USER_METADATA_MAX} />
      </div>
      <span title={pending ? PENDING_EDIT_TITLE : undefined}>
        <Button
          variant="outline"
          size="sm"
          onClick={onEdit}
          disabled={user.isInvitation}
          aria-label={`Edit ${name}`}
          title={pending ? PENDING_EDIT_TITLE : undefined}
        >
          <Pencil className="size-4" aria-hidden /> Edit
        </Button>
      </span>
      {actions}
    </li>
  );
}
