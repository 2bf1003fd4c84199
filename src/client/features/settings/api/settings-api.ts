// Settings calls (hub §7): org settings, private tools, personal API key. Each throws HttpError when
// refused; callers decide what to toast. The settings themselves arrive with GET /api/getUser.
import { callApi } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";
import type { OrgSettings } from "@/shared/org";

export const saveOrgSettings = (orgId: string, settings: { defaultAgentId: number | null }) =>
  callApi<{ success: true; settings: OrgSettings }>(orgPath(orgId, "/api/orgSettings"), {
    method: "POST",
    body: { settings },
  });

export const savePrivateTools = (orgId: string, enabledPrivateTools: string[]) =>
  callApi<{ success: true; enabledPrivateTools: string[] }>(orgPath(orgId, "/api/admin/tools"), {
    method: "POST",
    body: { enabledPrivateTools },
  });

export const getApiKey = (orgId: string) =>
  callApi<{ apiKey: string; expiresAt: string }>(orgPath(orgId, "/api/getAPIKey"));

export const revokeApiKey = (orgId: string) =>
  callApi<{ success: true; revoked: number }>(orgPath(orgId, "/api/revokeAPIKey"), { method: "POST" });
