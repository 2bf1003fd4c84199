// /control-hub/organization (rulings: User Management, reached from Settings, admins only): the members
// and invitations, two filters, the order active → pending → inactive/expired, metadata editing, and
// inviting and managing people (decision 069).
import { useState } from "react";
import { Navigate } from "react-router";
import { ACTIVITY_STATUSES, filterUsers, invitationRow, sortUsers, type OrgUser } from "@/shared/users/schema";
import { ROLES } from "@/shared/roles";
import { useOrgInvitations, useOrgUsers } from "@/client/api/org-users";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { SectionHeader } from "@/client/components/section-header";
import { Label } from "@/client/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/client/components/ui/native-select";
import { Spinner } from "@/client/components/ui/spinner";
import { errorMessage } from "@/client/lib/api";
import { UserRow } from "./user-row";
import { EditMetadataDialog } from "./edit-metadata-dialog";
import { InviteUserForm } from "./invite-user-form";
import { UserActionsMenu } from "./user-actions-menu";

type StatusFilter = "all" | OrgUser["activityStatus"];
type RoleFilter = "all" | OrgUser["role"];

export function UserManagementPage() {
  const { org, isAdmin } = useActiveOrg();
  const users = useOrgUsers(org.id, isAdmin);
  const invitations = useOrgInvitations(org.id, isAdmin);
  const [status, setStatus] = useState<StatusFilter>("all");
  const [role, setRole] = useState<RoleFilter>("all");
  const [editing, setEditing] = useState<OrgUser | null>(null);
  if (!isAdmin) return <Navigate to="/control-hub" replace />;

  const error = users.error ?? invitations.error;
  const rows = sortUsers([...(users.data?.data ?? []), ...(invitations.data?.data ?? []).map(invitationRow)]);
  const shown = filterUsers(rows, { status, role });
  return (
    <section className="flex flex-col gap-6">
      <SectionHeader title="User Management" description="The people of your organization and their metadata." />
      <InviteUserForm orgId={org.id} />
      <div className="flex flex-wrap gap-4">
        <div className="flex flex-col gap-1">
          <Label htmlFor="activity-filter">Activity Status</Label>
          <NativeSelect id="activity-filter" value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
            <NativeSelectOption value="all">all</NativeSelectOption>
            {ACTIVITY_STATUSES.map((s) => (
              <NativeSelectOption key={s} value={s}>
                {s}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="role-filter">Role</Label>
          <NativeSelect id="role-filter" value={role} onChange={(e) => setRole(e.target.value as RoleFilter)}>
            <NativeSelectOption value="all">all</NativeSelectOption>
            {ROLES.map((r) => (
              <NativeSelectOption key={r} value={r}>
                {r}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load users: {errorMessage(error, "Unknown error")}
        </p>
      ) : users.isLoading || invitations.isLoading ? (
        <div className="flex justify-center p-6">
          <Spinner />
        </div>
      ) : shown.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground">
          No users found in your organization
        </p>
      ) : (
        <ul aria-label="Users" className="rounded-xl border">
          {shown.map((u) => (
            <UserRow
              key={`${u.isInvitation ? "inv" : "user"}:${u.id}`}
              user={u}
              onEdit={() => setEditing(u)}
              actions={<UserActionsMenu orgId={org.id} user={u} />}
            />
          ))}
        </ul>
      )}
      {editing && <EditMetadataDialog orgId={org.id} user={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
