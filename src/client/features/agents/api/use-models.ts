// GET /api/models: the models of the organisation's connected providers (and Azure instances).
import useSWR from "swr";
import type { CatalogModel } from "@/shared/models/catalog";
import type { ModelPreferences } from "@/shared/org";
import { fetcher, type HttpError } from "@/client/lib/api";

export const MODELS_KEY = "/api/models";

export interface ModelsResponse {
  models: CatalogModel[];
  modelPreferences: ModelPreferences;
}

export function useModels() {
  return useSWR<ModelsResponse, HttpError>(MODELS_KEY, fetcher);
}
