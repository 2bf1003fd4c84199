// The two search back ends of search_google, both set by the operator:
// - Google Programmable Search, Custom Search JSON API
//   (https://developers.google.com/custom-search/v1/reference/rest/v1/cse/list):
//   GET {base}/customsearch/v1?key=&cx=&q= → { items: [{ title, link, snippet }] }, errors { error: { code, message, status } }.
// - a self-hosted SearXNG instance (https://docs.searxng.org/dev/search_api.html):
//   GET {SEARXNG_URL}/search?q=&format=json → { results: [{ title, url, content }] } (json must be listed in
//   the instance's search.formats, else it answers 403).
// SEARXNG_URL, when set, is the operator's explicit choice and wins over Google's keys (decision 071). An
// organisation's own Google keys (Integrations, decision 092) win over both: its admin chose Google.
import { AppError } from "../../server/errors";
import { keyFix, organizationKeys, orgServiceKeys } from "../../server/web-apis/org-keys";
import type { ServiceInfo } from "../../server/web-search/service-error";
import { callService, trimBase } from "../../server/web-search/service-call";
import type { WebResult } from "./result";

/** Results returned per search: Google's maximum page (num ≤ 10), and as many from SearXNG. */
export const SEARCH_RESULT_COUNT = 10;

export const GOOGLE_NOT_CONFIGURED =
  "web search is not configured on this server: the operator must set GOOGLE_SEARCH_API_KEY and GOOGLE_SEARCH_CX (or SEARXNG_URL for a SearXNG instance)";

const oneLine = (v: unknown) => (typeof v === "string" ? v.replace(/\s+/g, " ").trim() : "");

interface Search {
  orgId: string;
  query: string;
  timeoutMs: number;
  signal: AbortSignal;
}

const GOOGLE = "Google Programmable Search";
const OPERATOR_GOOGLE: ServiceInfo = { name: GOOGLE, keyEnv: "GOOGLE_SEARCH_API_KEY and GOOGLE_SEARCH_CX" };
const ORG_GOOGLE: ServiceInfo = { name: GOOGLE, keyFix: keyFix(organizationKeys(GOOGLE)) };

async function googleSearch(key: string, cx: string, service: ServiceInfo, s: Search): Promise<WebResult[]> {
  const base = trimBase(process.env.GOOGLE_SEARCH_BASE_URL || "https://www.googleapis.com");
  const params = new URLSearchParams({ key, cx, q: s.query, num: String(SEARCH_RESULT_COUNT) });
  const body = await callService<{ items?: { title?: unknown; link?: unknown; snippet?: unknown }[] }>({
    service,
    url: `${base}/customsearch/v1?${params}`,
    init: { headers: { accept: "application/json" } },
    timeoutMs: s.timeoutMs,
    signal: s.signal,
  });
  // No `items` at all is Google's way of saying nothing matched.
  return (body.items ?? [])
    .filter((i) => typeof i?.link === "string")
    .map((i) => ({ title: oneLine(i.title), link: i.link as string, snippet: oneLine(i.snippet) }));
}

async function searxngSearch(baseUrl: string, s: Search): Promise<WebResult[]> {
  const params = new URLSearchParams({ q: s.query, format: "json" });
  const body = await callService<{ results?: { title?: unknown; url?: unknown; content?: unknown }[] }>({
    service: {
      name: "SearXNG",
      forbiddenHint: "The operator must list json in search.formats of the instance's settings.yml.",
    },
    url: `${trimBase(baseUrl)}/search?${params}`,
    init: { headers: { accept: "application/json" } },
    timeoutMs: s.timeoutMs,
    signal: s.signal,
  });
  return (body.results ?? [])
    .filter((r) => typeof r?.url === "string")
    .slice(0, SEARCH_RESULT_COUNT)
    .map((r) => ({ title: oneLine(r.title), link: r.url as string, snippet: oneLine(r.content) }));
}

/** Whether the operator set a search engine up (read at each call, as searchWeb reads it); an organisation may have its own keys instead. */
export const webSearchConfigured = () =>
  Boolean(
    process.env.SEARXNG_URL?.trim() ||
    (process.env.GOOGLE_SEARCH_API_KEY?.trim() && process.env.GOOGLE_SEARCH_CX?.trim()),
  );

export async function searchWeb(s: Search): Promise<WebResult[]> {
  const own = await orgServiceKeys(s.orgId, "google_search");
  if (own?.api_key && own.cx) return googleSearch(own.api_key, own.cx, ORG_GOOGLE, s);
  const searxng = process.env.SEARXNG_URL?.trim();
  if (searxng) return searxngSearch(searxng, s);
  const key = process.env.GOOGLE_SEARCH_API_KEY?.trim();
  const cx = process.env.GOOGLE_SEARCH_CX?.trim();
  if (!key || !cx) throw new AppError("bad_request", GOOGLE_NOT_CONFIGURED);
  return googleSearch(key, cx, OPERATOR_GOOGLE, s);
}
