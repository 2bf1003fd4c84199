// A row's actions (decision 069): an open or expired invitation can be resent, its link copied and
// revoked; a member's role changed or the member removed. Revoking, removing and demoting ask first.
import { useState } from "react";
import { toast } from "sonner";
import { MoreHorizontal } from "lucide-react";
import { displayName, type OrgUser } from "@/shared/users/schema";
import { MEMBER_ACTION_TEXTS as T } from "@/shared/users/member-actions";
import { ADMIN_ROLE, MEMBER_ROLE } from "@/shared/roles";
import {
  invitationLink,
  refreshPeople,
  removeUser,
  resendInvitation,
  revokeInvitation,
  updateUserRole,
} from "@/client/api/org-users";
import { errorMessage } from "@/client/lib/api";
import { Button } from "@/client/components/ui/button";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/client/components/ui/dropdown-menu";

type Confirm = "revoke" | "remove" | "demote" | null;

export function UserActionsMenu({ orgId, user }: { orgId: string; user: OrgUser }) {
  const [confirm, setConfirm] = useState<Confirm>(null);
  const name = displayName(user);
  if (user.isInvitation && user.activityStatus === "inactive") return null;

  const run = async (action: () => Promise<string>, fallback: string) => {
    try {
      toast.success(await action());
      await refreshPeople(orgId);
    } catch (failure) {
      toast.error(errorMessage(failure, fallback));
    }
  };
  const resend = () =>
    run(async () => {
      const sent = await resendInvitation(orgId, user.id);
      return sent.emailSent ? T.resent(sent.email) : T.invitedNoEmail(sent.email);
    }, "Failed to resend invitation");
  const copyLink = () =>
    run(async () => {
      await navigator.clipboard.writeText((await invitationLink(orgId, user.id)).url);
      return T.linkCopied;
    }, "Failed to copy invitation link");
  const setRole = (role: typeof ADMIN_ROLE | typeof MEMBER_ROLE) =>
    run(async () => {
      await updateUserRole(orgId, user.id, role);
      return T.roleChanged(name, role);
    }, "Failed to change role");

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for ${name}`}>
            <MoreHorizontal className="size-4" aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {user.isInvitation ? (
            <>
              <DropdownMenuItem onSelect={() => void resend()}>Resend invitation</DropdownMenuItem>
              {user.activityStatus === "pending" && (
                <DropdownMenuItem onSelect={() => void copyLink()}>Copy invitation link</DropdownMenuItem>
              )}
              <DropdownMenuItem className="text-destructive" onSelect={() => setConfirm("revoke")}>
                Revoke invitation
              </DropdownMenuItem>
            </>
          ) : (
            <>
              {user.role === ADMIN_ROLE ? (
                <DropdownMenuItem onSelect={() => setConfirm("demote")}>Make member</DropdownMenuItem>
              ) : (
                <DropdownMenuItem onSelect={() => void setRole(ADMIN_ROLE)}>Make admin</DropdownMenuItem>
              )}
              <DropdownMenuItem className="text-destructive" onSelect={() => setConfirm("remove")}>
                Remove from organization
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={
          confirm === "revoke" ? "Revoke invitation" : confirm === "remove" ? "Remove from organization" : "Make member"
        }
        description={
          confirm === "revoke"
            ? T.confirmRevoke(user.email)
            : confirm === "remove"
              ? T.confirmRemove(name)
              : T.confirmDemote(name)
        }
        confirmLabel={confirm === "revoke" ? "Revoke" : confirm === "remove" ? "Remove" : "Make member"}
        onConfirm={() =>
          confirm === "revoke"
            ? run(async () => {
                await revokeInvitation(orgId, user.id);
                return T.revoked(user.email);
              }, "Failed to revoke invitation")
            : confirm === "remove"
              ? run(async () => {
                  await removeUser(orgId, user.id);
                  return T.removed(name);
                }, "Failed to remove user")
              : setRole(MEMBER_ROLE)
        }
      />
    </>
  );
}
