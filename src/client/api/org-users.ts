// /api/admin/users and /api/admin/invitations (API-44, API-45): the organisation's people, read by User
// Management and by the dashboard's user and metadata filters (admins only), and the metadata update.
import useSWR, { mutate } from "swr";
import type { ListResponse, OrgInvitation, OrgUser } from "@/shared/users/schema";
import type { InvitationSent } from "@/shared/users/member-actions";
import type { InvitationLink } from "@/shared/invitations";
import type { Role } from "@/shared/roles";
import { callApi, fetcher, type HttpError } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";

export const orgUsersKey = (orgId: string) => orgPath(orgId, "/api/admin/users");
export const orgInvitationsKey = (orgId: string) => orgPath(orgId, "/api/admin/invitations");

/** Pass enabled=false for non-admins: the call is admin only. */
export function useOrgUsers(orgId: string, enabled = true) {
  return useSWR<ListResponse<OrgUser>, HttpError>(enabled ? orgUsersKey(orgId) : null, fetcher);
}

export function useOrgInvitations(orgId: string, enabled = true) {
  return useSWR<ListResponse<OrgInvitation>, HttpError>(enabled ? orgInvitationsKey(orgId) : null, fetcher);
}

export const updateUserMetadata = (orgId: string, userId: string, metadata: Record<string, string>) =>
  callApi<{ success: true; userId: string; publicMetadata: Record<string, string> }>(
    orgPath(orgId, "/api/admin/updateUserMetadata"),
    { method: "POST", body: { userId, metadata } },
  );

// People management (decision 069). Each call's caller refreshes both lists.
const post = <T>(orgId: string, path: string, body: unknown) =>
  callApi<T>(orgPath(orgId, path), { method: "POST", body });

export const inviteUser = (orgId: string, email: string, role: Role) =>
  post<InvitationSent>(orgId, "/api/admin/inviteUser", { email, role });
export const resendInvitation = (orgId: string, invitationId: string) =>
  post<InvitationSent>(orgId, "/api/admin/resendInvitation", { invitationId });
export const revokeInvitation = (orgId: string, invitationId: string) =>
  post(orgId, "/api/admin/revokeInvitation", { invitationId });
export const updateUserRole = (orgId: string, userId: string, role: Role) =>
  post(orgId, "/api/admin/updateUserRole", { userId, role });
export const removeUser = (orgId: string, userId: string) => post(orgId, "/api/admin/removeUser", { userId });
export const invitationLink = (orgId: string, invitationId: string) =>
  callApi<InvitationLink>(orgPath(orgId, `/api/invitations/${encodeURIComponent(invitationId)}/link`));

export const refreshPeople = (orgId: string) =>
  Promise.all([mutate(orgUsersKey(orgId)), mutate(orgInvitationsKey(orgId))]);
