// Perplexity's Sonar chat completions (https://docs.perplexity.ai/api-reference/chat-completions-post):
// POST {base}/chat/completions with a Bearer key; the answer is OpenAI-shaped plus top-level `citations`
// (URL strings) and `search_results` ({ title, url, date }). ask_web uses model "sonar",
// perplexity_deep_research "sonar-deep-research". The key is the organisation's own when an admin added one
// in Integrations (decision 092), else the operator's (PERPLEXITY_API_KEY).
import { AppError } from "../errors";
import { keyFix, organizationKeys, orgServiceKeys } from "../web-apis/org-keys";
import { callService, trimBase } from "./service-call";
import type { ServiceInfo } from "./service-error";

export const PERPLEXITY: ServiceInfo = { name: "Perplexity", keyEnv: "PERPLEXITY_API_KEY" };

/** PERPLEXITY_BASE_URL: a gateway or a test stand-in instead of Perplexity (read per call). */
export const perplexityBaseUrl = () => trimBase(process.env.PERPLEXITY_BASE_URL || "https://api.perplexity.ai");

/** The operator's key, if set (an organisation may have its own instead). */
export const perplexityKey = () => process.env.PERPLEXITY_API_KEY?.trim() || undefined;

/** The key a call of this organisation uses and whom to ask when Perplexity refuses it. */
async function keyFor(orgId: string): Promise<{ key: string; service: ServiceInfo }> {
  const own = await orgServiceKeys(orgId, "perplexity");
  if (own?.api_key)
    return { key: own.api_key, service: { name: "Perplexity", keyFix: keyFix(organizationKeys("Perplexity")) } };
  const key = perplexityKey();
  if (!key) throw new AppError("bad_request", PERPLEXITY_NOT_CONFIGURED);
  return { key, service: PERPLEXITY };
}

export const PERPLEXITY_NOT_CONFIGURED =
  "Perplexity is not configured on this server: the operator must set PERPLEXITY_API_KEY";

interface SonarResponse {
  choices?: { message?: { content?: unknown } }[];
  citations?: unknown;
  search_results?: { url?: unknown; title?: unknown; date?: unknown }[];
  usage?: { total_tokens?: unknown; num_search_queries?: unknown; reasoning_tokens?: unknown };
}

export interface SonarAnswer {
  message: string;
  citations: string[];
  searchResults: { url: string; title: string | null; date: string | null }[];
  usage: { numSearchQueries: number | null; reasoningTokens: number | null; totalTokens: number | null };
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
const text = (v: unknown) => (typeof v === "string" && v.trim() ? v : null);

/**
 * sonar-deep-research opens its content with its reasoning in <think>…</think>; the answer is what
 * follows. The reasoning is counted in usage, not shown.
 */
export const withoutThinking = (content: string) => content.replace(/^\s*<think>[\s\S]*?<\/think>\s*/, "").trim();

export async function askSonar(opts: {
  orgId: string;
  model: "sonar" | "sonar-deep-research";
  query: string;
  timeoutMs: number;
  signal: AbortSignal;
}): Promise<SonarAnswer> {
  const { key, service } = await keyFor(opts.orgId);
  const body = await callService<SonarResponse>({
    service,
    url: `${perplexityBaseUrl()}/chat/completions`,
    init: {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ model: opts.model, messages: [{ role: "user", content: opts.query }] }),
    },
    timeoutMs: opts.timeoutMs,
    signal: opts.signal,
  });
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== "string") throw new AppError("bad_gateway", "Perplexity answered without a message");
  const citations = Array.isArray(body.citations)
    ? body.citations.filter((c): c is string => typeof c === "string")
    : [];
  const searchResults = (Array.isArray(body.search_results) ? body.search_results : [])
    .filter((r) => typeof r?.url === "string")
    .map((r) => ({ url: r.url as string, title: text(r.title), date: text(r.date) }));
  return {
    message: withoutThinking(content),
    citations,
    searchResults,
    usage: {
      numSearchQueries: num(body.usage?.num_search_queries),
      reasoningTokens: num(body.usage?.reasoning_tokens),
      totalTokens: num(body.usage?.total_tokens),
    },
  };
}
