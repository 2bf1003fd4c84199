// Tests only: loopback stand-ins for search_google's two back ends, speaking their documented formats.
// - Google Custom Search JSON API (https://developers.google.com/custom-search/v1/reference/rest/v1/cse/list,
//   errors as in https://cloud.google.com/apis/design/errors): a wrong key is 400 API_KEY_INVALID; the
//   per-minute limit is 429 RESOURCE_EXHAUSTED (here with Retry-After); no `items` means no results.
// - SearXNG's search API (https://docs.searxng.org/dev/search_api.html): /search?q=&format=json; an
//   instance whose settings do not list the json format answers 403.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const GOOGLE_GOOD_KEY = "AIzaSy-good-key";
export const GOOGLE_CX = "017576662512468239146:omuauf_lfve";

export type GoogleMode = "ok" | "rate-limited" | "daily-quota" | "hang";

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { "content-type": "application/json; charset=UTF-8", ...headers }).end(JSON.stringify(body));

const googleError = (code: number, message: string, status: string, reason?: string) => ({
  error: {
    code,
    message,
    errors: [{ message, domain: "global", reason: code === 429 ? "rateLimitExceeded" : "badRequest" }],
    status,
    ...(reason
      ? {
          details: [
            {
              "@type": "type.googleapis.com/google.rpc.ErrorInfo",
              reason,
              domain: "googleapis.com",
              metadata: { service: "customsearch.googleapis.com" },
            },
          ],
        }
      : {}),
  },
});

function googleItems(q: string) {
  return [
    {
      kind: "customsearch#result",
      title: "Tide tables 2025 | Harbour News",
      htmlTitle: "<b>Tide</b> tables 2025 | Harbour News",
      link: "https://www.harbour.example/tides",
      displayLink: "www.harbour.example",
      snippet: `Spring tides peak on Saturday\nmorning, says the ${q} page.`,
      htmlSnippet: "Spring <b>tides</b> peak on Saturday<br>morning",
      formattedUrl: "https://www.harbour.example/tides",
    },
    {
      kind: "customsearch#result",
      title: "Coastal guide",
      htmlTitle: "Coastal guide",
      link: "https://coast.example/guide",
      displayLink: "coast.example",
      snippet: "Keep clear of the sea wall during high water.",
      htmlSnippet: "Keep clear of the sea wall during high water.",
      formattedUrl: "https://coast.example/guide",
    },
  ];
}

export async function startSearchStandIns() {
  const googleRequests: URLSearchParams[] = [];
  const searxngRequests: URLSearchParams[] = [];
  let mode: GoogleMode = "ok";
  /** The key and search engine pairs it accepts: the good pair, and any a test adds (organisations' own). */
  const googleApps = [{ key: GOOGLE_GOOD_KEY, cx: GOOGLE_CX }];
  let searxngJson = true;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url!, "http://stand-in");
    const p = url.searchParams;
    if (url.pathname === "/customsearch/v1") {
      googleRequests.push(p);
      const app = googleApps.find((a) => a.key === p.get("key"));
      if (!app)
        return json(
          res,
          400,
          googleError(400, "API key not valid. Please pass a valid API key.", "INVALID_ARGUMENT", "API_KEY_INVALID"),
        );
      if (p.get("cx") !== app.cx)
        return json(res, 400, googleError(400, "Request contains an invalid argument.", "INVALID_ARGUMENT"));
      if (mode === "hang") return;
      if (mode === "rate-limited")
        return json(
          res,
          429,
          googleError(
            429,
            "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute per user' of service 'customsearch.googleapis.com' for consumer 'project_number:123456'.",
            "RESOURCE_EXHAUSTED",
            "RATE_LIMIT_EXCEEDED",
          ),
          { "retry-after": "42" },
        );
      if (mode === "daily-quota")
        return json(
          res,
          429,
          googleError(
            429,
            "Quota exceeded for quota metric 'Queries' and limit 'Queries per day' of service 'customsearch.googleapis.com' for consumer 'project_number:123456'.",
            "RESOURCE_EXHAUSTED",
            "RATE_LIMIT_EXCEEDED",
          ),
        );
      const q = p.get("q") ?? "";
      const found = q === "nothing matches this" ? [] : googleItems(q);
      return json(res, 200, {
        kind: "customsearch#search",
        queries: { request: [{ title: "Google Custom Search - " + q, searchTerms: q, count: found.length }] },
        context: { title: "Switchboard web" },
        searchInformation: {
          searchTime: 0.21,
          formattedSearchTime: "0.21",
          totalResults: String(found.length),
          formattedTotalResults: String(found.length),
        },
        ...(found.length ? { items: found } : {}),
      });
    }
    if (url.pathname === "/searx/search") {
      searxngRequests.push(p);
      if (p.get("format") !== "json" || !searxngJson)
        return res.writeHead(403, { "content-type": "text/html" }).end("<html><body>403 Forbidden</body></html>");
      const q = p.get("q") ?? "";
      return json(res, 200, {
        query: q,
        number_of_results: 0,
        results: Array.from({ length: 14 }, (_, i) => ({
          url: `https://result${i}.example/page`,
          title: `Result ${i} about ${q}`,
          content: i === 1 ? undefined : `Snippet ${i}`,
          engine: "duckduckgo",
          parsed_url: ["https", `result${i}.example`, "/page", "", "", ""],
          template: "default.html",
          engines: ["duckduckgo"],
          positions: [i + 1],
          score: 1 / (i + 1),
          category: "general",
        })),
        answers: [],
        corrections: [],
        infoboxes: [],
        suggestions: [],
        unresponsive_engines: [],
      });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    googleUrl: url,
    searxngUrl: `${url}/searx`,
    googleRequests,
    searxngRequests,
    googleApps,
    setGoogleMode: (m: GoogleMode) => void (mode = m),
    setSearxngJson: (on: boolean) => void (searxngJson = on),
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
