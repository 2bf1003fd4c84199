// POST /api/updateModelPreferences (hub §7). Callers decide what to toast.
import { authFetch } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";
import { azureInstanceKey } from "@/shared/models/catalog";
import type { ModelPreferencesInput } from "@/shared/models/preferences-schema";
import type { ModelPreferences } from "@/shared/org";

const post = (orgId: string, body: ModelPreferencesInput) =>
  authFetch<{ success: true; modelPreferences: ModelPreferences }>(orgPath(orgId, "/api/updateModelPreferences"), { method: "POST", body });

export const setDefaultModel = (orgId: string, key: "chat" | "embedding", model: string | null) =>
  post(orgId, { action: "set_default", key, data: model });

export const addAzureInstance = (orgId: string, instance: { deploymentName: string; type: "chat" | "embedding"; underlyingModel: string }) =>
  post(orgId, { action: "create", key: azureInstanceKey(instance.deploymentName), data: { provider: "azure_openai", ...instance } });

export const deleteAzureInstance = (orgId: string, key: string) => post(orgId, { action: "delete", key });
