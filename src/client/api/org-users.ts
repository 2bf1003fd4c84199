// /api/admin/users and /api/admin/invitations (API-44, API-45): the organisation's people, read by User
// Management and by the dashboard's user and metadata filters (admins only), and the metadata update.
import useSWR from "swr";
import type { ListResponse, OrgInvitation, OrgUser } from "@/shared/users/schema";
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
