// Settings calls (hub §7): org settings, private tools, personal API key. Callers decide what to toast.
import { authFetch } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";
import type { OrgSettings } from "@/shared/org";

export const saveOrgSettings = (orgId: string, settings: { defaultAgentId: number | null }) =>
  authFetch<{ success: true; settings: OrgSettings }>(orgPath(orgId, "/api/orgSettings"), { method: "POST", body: { settings } });

export const savePrivateTools = (orgId: string, enabledPrivateTools: string[]) =>
  authFetch<{ success: true; enabledPrivateTools: string[] }>(orgPath(orgId, "/api/admin/tools"), { method: "POST", body: { enabledPrivateTools } });

export const getApiKey = (orgId: string) => authFetch<{ apiKey: string; expiresAt: string }>(orgPath(orgId, "/api/getAPIKey"));

export const revokeApiKey = (orgId: string) => authFetch<{ success: true; revoked: number }>(orgPath(orgId, "/api/revokeAPIKey"), { method: "POST" });
