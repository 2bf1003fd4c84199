// Embeds a query with the organisation's default embedding model (Control Hub → Models), for tools that
// search vectors the organisation stored elsewhere (its PostgreSQL tables, its Pinecone index).
import { AppError } from "../errors";
import { getOrgState } from "../settings/queries";
import { resolveEmbeddingModel } from "./embedding-models";
import { aiSdk } from "./sdk";

export const NO_DEFAULT_EMBEDDING_MODEL =
  "No default embedding model is set. An admin can choose one under Control Hub → Models.";

export async function embedWithDefaultModel({
  orgId,
  text,
  abortSignal,
}: {
  orgId: string;
  text: string;
  abortSignal?: AbortSignal;
}): Promise<{ modelKey: string; embedding: number[] }> {
  const modelKey = (await getOrgState({ orgId })).modelPreferences.defaultEmbeddingModel;
  if (!modelKey) throw new AppError("bad_request", NO_DEFAULT_EMBEDDING_MODEL);
  const model = await resolveEmbeddingModel({ orgId, modelKey });
  const { embedding } = await (await aiSdk()).embed({ model, value: text, maxRetries: 2, abortSignal });
  return { modelKey, embedding };
}
