// Which models an organisation can use: catalogue models of connected providers plus its Azure
// instances (which need the azure_openai connection).
import type { ModelPreferences } from "../org";
import {
  AZURE_CHAT_DEFAULTS,
  AZURE_EMBEDDING_DEFAULTS,
  MODEL_CATALOG,
  PROVIDER_LABELS,
  type CatalogModel,
} from "./catalog";

export function availableModels(connections: Record<string, unknown>, prefs: ModelPreferences): CatalogModel[] {
  const fromCatalog = MODEL_CATALOG.filter((m) => Boolean(connections[m.providerKey]));
  const azure = connections.azure_openai
    ? Object.entries(prefs.modelInstances ?? {}).map(([key, inst]): CatalogModel => ({
        name: inst.deploymentName,
        provider: PROVIDER_LABELS.azure_openai,
        providerKey: "azure_openai",
        key,
        type: inst.type,
        ...(inst.type === "chat" ? AZURE_CHAT_DEFAULTS : AZURE_EMBEDDING_DEFAULTS),
      }))
    : [];
  return [...fromCatalog, ...azure];
}

/** True when at least one provider model is usable (the dashboard's and onboarding's test). */
export const hasConnectedModel = (connections: Record<string, unknown>, prefs: ModelPreferences) =>
  availableModels(connections, prefs).some((m) => m.type === "chat");
