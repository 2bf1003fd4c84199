// query_pinecone: the query is embedded with the organisation's default embedding model, then the
// connected index (the integration's api_key and host) is queried with the official client. Every
// request to the admin-set host goes through the outbound guard (guardedStreamFetch).
import { AppError } from "../../server/errors";
import { getCredentials } from "../../server/providers/connection-store";
import { validateCredentials } from "../../server/providers/connection-service";
import { embedWithDefaultModel, NO_DEFAULT_EMBEDDING_MODEL } from "../../server/ai/default-embedding";
import { guardedStreamFetch } from "../../server/net/guarded-stream-fetch";
import { INTEGRATION_BY_KEY } from "../../shared/connections/integrations";
import { toolError, type ToolExecutor } from "../executor.server";
import type { queryPinecone } from "./definition";
import type { QueryPineconeResult } from "./result";

export const NOT_CONNECTED = "Pinecone is not connected. An admin can connect it under Control Hub → Integrations.";
export const NO_EMBEDDING_MODEL = NO_DEFAULT_EMBEDDING_MODEL;
export const KEY_REJECTED = "Pinecone rejected the API key. An admin can update it under Control Hub → Integrations.";

/** The reason the model reads: the guard's refusal rather than the client's generic "failed to reach". */
function reason(err: unknown): string {
  const e = err as { name?: string; message?: string; cause?: unknown };
  if (e?.name === "PineconeAuthorizationError") return KEY_REJECTED;
  if (e?.name === "PineconeConnectionError" && e.cause instanceof AppError) return e.cause.message;
  return (err instanceof Error && err.message) || "Unknown error";
}

export const execute: ToolExecutor<typeof queryPinecone> = async (input, ctx) => {
  const stored = await getCredentials({ orgId: ctx.orgId, key: "pinecone" });
  if (!stored) return toolError(NOT_CONNECTED);
  try {
    const creds = validateCredentials(INTEGRATION_BY_KEY.pinecone!, stored) as { api_key: string; host: string };
    const { embedding } = await embedWithDefaultModel({
      orgId: ctx.orgId,
      text: input.query,
      abortSignal: ctx.abortSignal,
    });
    // Loaded on first use, not at start (issue 18: idle memory).
    const { Pinecone } = await import("@pinecone-database/pinecone");
    const client = new Pinecone({ apiKey: creds.api_key, fetchApi: guardedStreamFetch as typeof fetch, maxRetries: 1 });
    const index = client.index({ host: creds.host, ...(input.namespace ? { namespace: input.namespace } : {}) });
    const res = await index.query({ vector: embedding, topK: input.top_k, includeMetadata: true });
    const matches: QueryPineconeResult["matches"] = (res.matches ?? []).map((m) => ({
      id: m.id,
      score: m.score ?? 0,
      metadata: (m.metadata as Record<string, unknown> | undefined) ?? null,
    }));
    return { status: "success", matches, namespace: res.namespace ?? input.namespace ?? "" };
  } catch (err) {
    return toolError(ctx.abortSignal.aborted ? "The query was cancelled." : reason(err));
  }
};
