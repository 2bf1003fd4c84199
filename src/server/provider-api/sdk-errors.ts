// The AI SDK's error checks without loading the SDK (decision 113's addendum): provider errors are
// recognised on every request's error path, while the SDK itself loads with the first model use (ai/sdk.ts).
import type * as Ai from "ai";

/**
 * The SDK's own `XError.isInstance` without loading the SDK: its errors carry `Symbol.for("vercel.ai.error.<name>")`
 * set to true (AISDKError.hasMarker), which is how it recognises them across copies of the package too.
 */
function hasMarker(err: unknown, name: string): boolean {
  const marker = Symbol.for(`vercel.ai.error.${name}`);
  return err != null && typeof err === "object" && (err as Record<symbol, unknown>)[marker] === true;
}

export const isApiCallError = (err: unknown): err is Ai.APICallError => hasMarker(err, "AI_APICallError");
export const isRetryError = (err: unknown): err is Ai.RetryError => hasMarker(err, "AI_RetryError");
export const isLoadApiKeyError = (err: unknown): err is Ai.LoadAPIKeyError => hasMarker(err, "AI_LoadAPIKeyError");
export const isNoSuchModelError = (err: unknown): err is Ai.NoSuchModelError => hasMarker(err, "AI_NoSuchModelError");
