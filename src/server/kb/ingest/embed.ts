// Embeddings with a knowledge base's model through the AI SDK (the model from
// ai/embedding-models.ts, as search uses). Batches respect the provider's limits (OpenAI and Azure:
// at most 2,048 inputs and ~300,000 tokens a request; we stay well below), and 429 or 5xx answers are
// retried with exponential backoff, honouring Retry-After.
import type { EmbeddingModel } from "ai";
import { aiSdk } from "../../ai/sdk";
import { isApiCallError } from "../../provider-api/sdk-errors";

export const MAX_BATCH_INPUTS = 256;
/** ~4 characters a token: 400,000 characters stay under the 300,000-token request limit with margin. */
export const MAX_BATCH_CHARS = 400_000;
const MAX_ATTEMPTS = 6;

/** Groups texts into requests within the input-count and size limits. */
export function batches(texts: string[], maxInputs = MAX_BATCH_INPUTS, maxChars = MAX_BATCH_CHARS): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let chars = 0;
  for (const t of texts) {
    if (current.length && (current.length >= maxInputs || chars + t.length > maxChars)) {
      out.push(current);
      current = [];
      chars = 0;
    }
    current.push(t);
    chars += t.length;
  }
  if (current.length) out.push(current);
  return out;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(t), reject(signal.reason)), { once: true });
  });

function retryDelayMs(err: unknown, attempt: number, baseMs: number): number | null {
  if (!isApiCallError(err)) return null;
  const status = err.statusCode ?? 0;
  if (status !== 429 && status < 500) return null;
  const after = Number(err.responseHeaders?.["retry-after"]);
  if (Number.isFinite(after) && after > 0) return Math.min(after * 1000, 60_000);
  return Math.min(baseMs * 2 ** attempt, 30_000) * (0.75 + Math.random() * 0.5);
}

export interface EmbedOptions {
  signal?: AbortSignal;
  /** First backoff; doubles each retry (tests shorten it). */
  retryBaseMs?: number;
}

/** Embeds one batch, retrying 429 and 5xx answers; other failures are the caller's. */
export async function embedBatch(model: EmbeddingModel, values: string[], opts: EmbedOptions = {}) {
  for (let attempt = 0; ; attempt++) {
    try {
      const { embeddings } = await (
        await aiSdk()
      ).embedMany({ model, values, maxRetries: 0, abortSignal: opts.signal });
      return embeddings;
    } catch (err) {
      const delay = attempt + 1 < MAX_ATTEMPTS ? retryDelayMs(err, attempt, opts.retryBaseMs ?? 1000) : null;
      if (delay === null) throw err;
      await sleep(delay, opts.signal);
    }
  }
}
