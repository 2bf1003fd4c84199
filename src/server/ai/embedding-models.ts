// Resolves a knowledge base's embedding model key (hub §3: `openai:{model}` or `azure:{instance}`) to
// an AI SDK embedding model built from the organisation's credentials, as models.ts does for chat.
import type { EmbeddingModel } from "ai";
import { AppError } from "../errors";
import { getOrgState } from "../settings/queries";
import { baseUrlFor } from "../provider-api/base-urls";
import { credentialsFor, str } from "./models";
import { guardedStreamFetch } from "../net/guarded-stream-fetch";
import { openAiProvider } from "./sdk";

export async function resolveEmbeddingModel({
  orgId,
  modelKey,
}: {
  orgId: string;
  modelKey: string;
}): Promise<EmbeddingModel> {
  const sep = modelKey.indexOf(":");
  const prefix = sep > 0 ? modelKey.slice(0, sep) : "";
  const name = modelKey.slice(sep + 1);
  if (prefix === "openai") {
    const c = await credentialsFor(orgId, "openai");
    const { createOpenAI } = await openAiProvider();
    return createOpenAI({ apiKey: str(c.OPENAI_API_KEY), baseURL: baseUrlFor("openai") }).embedding(name);
  }
  if (prefix === "azure" || prefix === "azure_openai") {
    const instance = (await getOrgState({ orgId })).modelPreferences.modelInstances?.[`azure:${name}`];
    const c = await credentialsFor(orgId, "azure_openai");
    // The resource name is an org admin's input: requests go through the outbound guard.
    const { createAzure } = await import("@ai-sdk/azure");
    const azure = createAzure({
      resourceName: str(c.RESOURCE_NAME),
      apiKey: str(c.API_KEY),
      baseURL: baseUrlFor("azure_openai"),
      fetch: guardedStreamFetch,
    });
    return azure.embedding(instance?.deploymentName ?? name);
  }
  throw new AppError("bad_request", `Unknown embedding model: ${modelKey}`);
}
