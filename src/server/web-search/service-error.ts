// What a person (and the model) reads when a web search service refuses or fails: which service, what
// went wrong and what to do. The service's own words are kept, short, where it gave any.

export interface ServiceInfo {
  /** The service's name as people know it: "Google Programmable Search", "Perplexity", "SearXNG". */
  name: string;
  /** The environment variables holding its key, named when the key is refused. */
  keyEnv?: string;
  /** What to do when the key is refused, instead of checking keyEnv (an organisation's own key, decision 092). */
  keyFix?: string;
  /** What to check when a service without a key answers 403. */
  forbiddenHint?: string;
}

// Short, on one line, without a closing full stop: it is quoted inside a sentence of ours.
const tidy = (m: string) =>
  m
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 300)
    .replace(/[.\s]+$/, "");

/** The message of a Google- or OpenAI-shaped error body ({ error: { message } }), or of a plain text one. */
export function serviceMessage(body: string): string | undefined {
  const text = body.trim();
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown; detail?: unknown };
    const m =
      typeof parsed.error === "string" ? parsed.error : (parsed.error?.message ?? parsed.message ?? parsed.detail);
    return typeof m === "string" && m.trim() ? tidy(m) : undefined;
  } catch {
    // An HTML error page (a proxy's 401 page) says nothing worth repeating.
    return /^</.test(text) ? undefined : tidy(text);
  }
}

/** Seconds to wait from a Retry-After header: a number of seconds or an HTTP date; undefined when absent. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header?.trim()) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

const QUOTA = /quota|billing|credit|RESOURCE_EXHAUSTED|dailyLimit|insufficient/i;
const BAD_KEY = /api key|api_key|invalid key|unauthori[sz]ed|authenticat/i;

/** The readable reason for a service's HTTP error answer. */
export function serviceErrorReason(
  service: ServiceInfo,
  status: number,
  body: string,
  retryAfter: string | null,
): string {
  const said = serviceMessage(body);
  const saidPart = said ? `: ${said}` : "";
  const fix = service.keyFix ?? (service.keyEnv ? `The operator must check ${service.keyEnv}.` : undefined);
  const keyFix = fix ? ` ${fix}` : "";
  if (!fix && status === 403)
    return `${service.name} refused the request (HTTP 403)${saidPart}.${service.forbiddenHint ? ` ${service.forbiddenHint}` : ""}`;
  // Google's older quota errors are 403 dailyLimitExceeded: the key is fine, the day's allowance is not.
  if (status === 403 && QUOTA.test(body)) return `${service.name} says the quota is used up (HTTP 403)${saidPart}.`;
  // Google answers a malformed or unknown key with 400 API_KEY_INVALID rather than 401.
  if (status === 401 || status === 403 || (status === 400 && BAD_KEY.test(said ?? "")))
    return `${service.name} refused the API key (HTTP ${status})${saidPart}.${keyFix}`;
  if (status === 402) return `${service.name} says the account is out of credit (HTTP 402)${saidPart}.`;
  if (status === 429) {
    const wait = retryAfterSeconds(retryAfter);
    // A spent quota has no Retry-After worth waiting for; a per-minute limit has (or says nothing).
    if (wait === undefined && QUOTA.test(`${said ?? ""} ${body}`))
      return `${service.name} says the quota is used up (HTTP 429)${saidPart}.`;
    return `${service.name} is limiting how fast requests are sent (HTTP 429); try again ${
      wait === undefined ? "in a moment" : `in ${wait} s`
    }.`;
  }
  if (status >= 500) return `${service.name} had a server error (HTTP ${status})${saidPart}. Try again in a moment.`;
  return `${service.name} refused the request (HTTP ${status})${saidPart}.`;
}
