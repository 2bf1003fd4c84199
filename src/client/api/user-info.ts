// GET /api/getUser (API-07): the one call made before an organisation is active, because it is the
// call that tells whether one is.
import useSWR, { type SWRResponse } from "swr";
import type { UserInfo, UserOrganization } from "@/shared/org";
import { fetcher, type HttpError } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";

export const USER_INFO_PATH = "/api/getUser";

export function userInfoKey(orgId: string | null): string {
  // Without an organisation the server answers for the session's active one, or for none (SHELL-02).
  return orgId ? orgPath(orgId, USER_INFO_PATH) : USER_INFO_PATH;
}

export const isUserInfoKey = (key: unknown) => typeof key === "string" && key.startsWith(USER_INFO_PATH);

/** The organisation the user works in, or null when none is active (SHELL-02). */
export function activeOrganization(info: UserInfo | undefined): UserOrganization | null {
  if (!info?.activeOrganizationId) return null;
  return info.organizations.find((o) => o.id === info.activeOrganizationId) ?? null;
}

export function useUserInfo(activeOrgId: string | null): SWRResponse<UserInfo, HttpError> {
  // Keep showing the previous organisation while a switch loads, instead of a blank loading screen.
  const primary = useSWR<UserInfo, HttpError>(userInfoKey(activeOrgId), fetcher, { keepPreviousData: true });
  // A session can still name an organisation the user was removed from: the server answers 404 for
  // it, and the plain call then reports no active organisation, which shows the welcome screen.
  const stale = activeOrgId !== null && primary.error?.status === 404;
  const fallback = useSWR<UserInfo, HttpError>(stale ? userInfoKey(null) : null, fetcher);
  return stale ? fallback : primary;
}
