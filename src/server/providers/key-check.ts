// A provider key is checked when it is saved (issue 17 #4, decision 082): one cheap authenticated call,
// each provider's own list-models endpoint. A refusal (401/403, Google's API_KEY_INVALID) stops the
// save with the provider's words; no answer, a timeout or a server error lets the save go through with
// a warning, so an outage at the provider does not lock an admin out of their settings. Hosts an org
// admin chooses (Azure resource, OpenAI-compatible base URL) go through the outbound guard, like chat
// (models.ts); vendor hosts and the operator's <PROVIDER>_BASE_URL are reached directly, as chat does.
import { AppError } from "../errors";
import { guardedFetch } from "../net/guarded-fetch";
import { baseUrlFor } from "../provider-api/base-urls";
import { bodyMessage } from "../provider-api/provider-error";
import { PROVIDER_BY_KEY } from "../../shared/connections/providers";
import type { Credentials } from "./connection-store";

export const KEY_CHECK_TIMEOUT_MS = 8_000;
/** The Azure OpenAI data-plane version whose GET /openai/models lists the resource's models. */
export const AZURE_API_VERSION = "2024-10-21";
export const ANTHROPIC_VERSION = "2023-06-01";

export type KeyCheck =
  { outcome: "accepted" } | { outcome: "not-checked" } | { outcome: "unreachable"; warning: string };

interface Probe {
  url: string;
  headers: Record<string, string>;
  /** The field that carries the key: where a refusal is shown. */
  keyField: string;
  /** The host comes from an org admin's input: the outbound guard decides whether it may be reached. */
  guarded: boolean;
}

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
const bearer = (key: string): Record<string, string> => (key ? { authorization: `Bearer ${key}` } : {});

/** The list-models call for a provider, or null where no cheap check exists (Vertex, Bedrock: decision 082). */
export function keyProbe(providerKey: string, c: Credentials): Probe | null {
  switch (providerKey) {
    case "openai":
      return {
        url: `${baseUrlFor("openai") ?? "https://api.openai.com/v1"}/models`,
        headers: bearer(text(c.OPENAI_API_KEY)),
        keyField: "OPENAI_API_KEY",
        guarded: false,
      };
    case "anthropic":
      return {
        url: `${baseUrlFor("anthropic") ?? "https://api.anthropic.com/v1"}/models?limit=1`,
        headers: { "x-api-key": text(c.ANTHROPIC_API_KEY), "anthropic-version": ANTHROPIC_VERSION },
        keyField: "ANTHROPIC_API_KEY",
        guarded: false,
      };
    case "google":
      // The key goes in Google's header rather than ?key=, so it stays out of URLs that proxies log.
      return {
        url: `${baseUrlFor("google") ?? "https://generativelanguage.googleapis.com/v1beta"}/models?pageSize=1`,
        headers: { "x-goog-api-key": text(c.GOOGLE_API_KEY) },
        keyField: "GOOGLE_API_KEY",
        guarded: false,
      };
    case "xai":
      return {
        url: `${baseUrlFor("xai") ?? "https://api.x.ai/v1"}/models`,
        headers: bearer(text(c.XAI_API_KEY)),
        keyField: "XAI_API_KEY",
        guarded: false,
      };
    case "azure_openai": {
      const base = baseUrlFor("azure_openai") ?? `https://${text(c.RESOURCE_NAME)}.openai.azure.com/openai`;
      return {
        url: `${base}/models?api-version=${AZURE_API_VERSION}`,
        headers: { "api-key": text(c.API_KEY) },
        keyField: "API_KEY",
        guarded: true,
      };
    }
    case "openai_compatible":
      return {
        url: `${text(c.BASE_URL).replace(/\/+$/, "")}/models`,
        headers: bearer(text(c.API_KEY)),
        keyField: "API_KEY",
        guarded: true,
      };
    default:
      return null;
  }
}

async function call(probe: Probe, timeoutMs: number): Promise<{ status: number; body: string }> {
  if (probe.guarded) {
    const res = await guardedFetch(probe.url, { headers: probe.headers, timeoutMs, maxRedirects: 0 });
    return { status: res.status, body: res.text() };
  }
  const res = await fetch(probe.url, { headers: probe.headers, signal: AbortSignal.timeout(timeoutMs) });
  return { status: res.status, body: await res.text() };
}

/** Google answers a wrong key with 400 INVALID_ARGUMENT, reason API_KEY_INVALID. */
const isRefusal = (status: number, body: string) =>
  status === 401 || status === 403 || (status === 400 && /API_KEY_INVALID/.test(body));

/** Checks the key with the provider; throws the provider's refusal as a field error. */
export async function checkProviderKey(
  providerKey: string,
  credentials: Credentials,
  timeoutMs = KEY_CHECK_TIMEOUT_MS,
): Promise<KeyCheck> {
  const probe = keyProbe(providerKey, credentials);
  if (!probe) return { outcome: "not-checked" };
  const name = PROVIDER_BY_KEY[providerKey]?.name ?? providerKey;
  let answer: { status: number; body: string };
  try {
    answer = await call(probe, timeoutMs);
  } catch (err) {
    const reason =
      (err as Error).name === "TimeoutError" || (err as Error).name === "AbortError"
        ? `no answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}`
        : err instanceof AppError
          ? err.message
          : "the connection failed";
    return { outcome: "unreachable", warning: unreachable(name, reason) };
  }
  if (answer.status >= 200 && answer.status < 300) return { outcome: "accepted" };
  const said = bodyMessage(answer.body);
  if (isRefusal(answer.status, answer.body)) {
    const message = `${name} refused this API key (HTTP ${answer.status})${said ? `: ${said}` : "."}`;
    throw new AppError("bad_request", message, { fields: { [probe.keyField]: message } });
  }
  return { outcome: "unreachable", warning: unreachable(name, `HTTP ${answer.status}${said ? `: ${said}` : ""}`) };
}

const unreachable = (name: string, reason: string) =>
  `Saved, but ${name} could not check the key (${reason}). Chats with it will fail if the key is wrong.`;
