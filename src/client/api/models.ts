// /api/models and POST /api/updateModelPreferences (hub §7): the models the organisation can use now
// (connected providers' catalogue models and its Azure instances) and its model preferences. Read by
// the Models tab and the agent form from one cache entry.
import useSWR from "swr";
import { callApi, fetcher, type HttpError } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";
import { azureInstanceKey, type CatalogModel } from "@/shared/models/catalog";
import type { ModelPreferencesInput } from "@/shared/models/preferences-schema";
import type { ModelPreferences } from "@/shared/org";

export interface ModelsResponse {
  models: CatalogModel[];
  modelPreferences: ModelPreferences;
}

export const modelsKey = (orgId: string) => orgPath(orgId, "/api/models");
/** Every organisation's models entry: a change of connections refreshes whichever is on screen. */
export const isModelsKey = (key: unknown) => typeof key === "string" && key.startsWith("/api/models?");

export function useModels(orgId: string) {
  return useSWR<ModelsResponse, HttpError>(modelsKey(orgId), fetcher);
}

const updatePreferences = (orgId: string, body: ModelPreferencesInput) =>
  callApi<{ success: true; modelPreferences: ModelPreferences }>(orgPath(orgId, "/api/updateModelPreferences"), {
    method: "POST",
    body,
  });

export const setDefaultModel = (orgId: string, key: "chat" | "embedding", model: string | null) =>
  updatePreferences(orgId, { action: "set_default", key, data: model });

export const addAzureInstance = (
  orgId: string,
  instance: { deploymentName: string; type: "chat" | "embedding"; underlyingModel: string },
) =>
  updatePreferences(orgId, {
    action: "create",
    key: azureInstanceKey(instance.deploymentName),
    data: { provider: "azure_openai", ...instance },
  });

export const deleteAzureInstance = (orgId: string, key: string) => updatePreferences(orgId, { action: "delete", key });
