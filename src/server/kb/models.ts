// Which embedding and extraction models a knowledge base may use: the organisation's connected
// OpenAI/Azure embedding models (hub §9) and its connected chat models.
import { availableModels } from "../../shared/models/available";
import type { CatalogModel } from "../../shared/models/catalog";
import { embeddingModelOptions, type EmbeddingModelOption } from "../../shared/knowledge-bases";
import { getConnectionMap } from "../providers/connections";
import { getOrgState } from "../settings/queries";

export async function orgModels({ orgId }: { orgId: string }): Promise<CatalogModel[]> {
  const [connections, state] = await Promise.all([getConnectionMap({ orgId }), getOrgState({ orgId })]);
  return availableModels(connections, state.modelPreferences);
}

export async function findEmbeddingOption(orgId: string, key: string): Promise<EmbeddingModelOption | null> {
  return embeddingModelOptions(await orgModels({ orgId })).find((m) => m.key === key) ?? null;
}

export async function findChatModel(orgId: string, key: string): Promise<CatalogModel | null> {
  return (await orgModels({ orgId })).find((m) => m.type === "chat" && m.key === key) ?? null;
}
