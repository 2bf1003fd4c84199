// What a person reads when a model provider fails (issue 17 #3): which provider, what went wrong and what to do.
// The SDK's own text ("Failed after 2 attempts. Last error: AI_APICallError: …") stays in the server log.
import { isApiCallError, isLoadApiKeyError, isNoSuchModelError, isRetryError } from "./sdk-errors";
import { AppError } from "../errors";
import { PROVIDER_BY_KEY } from "../../shared/connections/providers";

const ADMIN_FIX = "An admin can fix this in Control Hub → Providers.";

/** The provider's own message from an OpenAI- or Anthropic-shaped error body, if it has one. */
export function bodyMessage(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const m = typeof parsed.error === "string" ? parsed.error : (parsed.error?.message ?? parsed.message);
    return typeof m === "string" && m.trim() ? m.trim().slice(0, 300) : undefined;
  } catch {
    return undefined;
  }
}

/** The last underlying error of an SDK retry loop, or the error itself. */
function rootError(err: unknown): unknown {
  return isRetryError(err) ? (err.lastError ?? err) : err;
}

export function providerErrorText(err: unknown, modelKey: string): string {
  const sep = modelKey.indexOf(":");
  const providerKey = sep > 0 ? modelKey.slice(0, sep) : modelKey;
  const modelName = sep > 0 ? modelKey.slice(sep + 1) : modelKey;
  const provider =
    PROVIDER_BY_KEY[providerKey === "azure" ? "azure_openai" : providerKey]?.name ?? "The model provider";
  const e = rootError(err);
  // Our own refusals (not connected, unknown model key) are already written for people.
  if (e instanceof AppError) return e.message;
  if (isLoadApiKeyError(e)) return `${provider} has no API key configured. ${ADMIN_FIX}`;
  if (isNoSuchModelError(e))
    return `${provider} does not offer the model "${modelName}". An admin can choose another model for this agent.`;
  if (isApiCallError(e)) {
    const status = e.statusCode;
    const said = bodyMessage(e.responseBody);
    if (status === 401 || status === 403)
      return `${provider} refused the API key (HTTP ${status}): it is wrong, revoked or lacks access. ${ADMIN_FIX}`;
    if (status === 404)
      return `${provider} does not know the model "${modelName}" or this key cannot use it. An admin can choose another model for this agent.`;
    if (status === 429) {
      const quota = /quota|billing|credit/i.test(`${said ?? ""} ${e.responseBody ?? ""}`);
      return quota
        ? `${provider} says the account is out of quota or credit. Check the plan and billing with ${provider}.`
        : `${provider} is limiting how fast requests are sent. Wait a moment and try again.`;
    }
    if (status === 529 || status === 503) return `${provider} is overloaded right now. Try again in a moment.`;
    if (status !== undefined && status >= 500)
      return `${provider} had a server error (HTTP ${status}). Try again in a moment.`;
    if (status !== undefined && status >= 400)
      return `${provider} refused the request (HTTP ${status})${said ? `: ${said}` : "."}`;
    // No status: the request never got an answer, or the answer's stream broke off after it began.
    if (/^Cannot connect to API/i.test(e.message))
      return `Could not reach ${provider}. Check the network and the provider's address, then try again.`;
    return `The connection to ${provider} broke off before the answer was complete. Try again.`;
  }
  return `${provider} could not answer. Try again in a moment; if it keeps failing, tell an admin.`;
}
