// GET /api/models: the models the organisation can use now (connected providers' catalogue models and
// its Azure instances) and its model preferences.
import useSWR from "swr";
import type { HttpError } from "@/client/lib/api";
import { modelsKey } from "@/client/lib/org-api";
import type { CatalogModel } from "@/shared/models/catalog";
import type { ModelPreferences } from "@/shared/org";

export interface ModelsResponse {
  models: CatalogModel[];
  modelPreferences: ModelPreferences;
}

export function useModels(orgId: string) {
  return useSWR<ModelsResponse, HttpError>(modelsKey(orgId));
}
