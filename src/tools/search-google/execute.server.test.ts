// search_google against loopback stand-ins for Google's Custom Search JSON API and a SearXNG instance
// (./search-stand-ins.server.ts).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { toolExecutors } from "../executors.server";
import { searchGoogle } from "./definition";
import { SEARCH_GOOGLE_LIMITS, execute } from "./execute.server";
import { GOOGLE_CX, GOOGLE_GOOD_KEY, startSearchStandIns } from "./search-stand-ins.server";
import { webToolContext } from "../web-tool-context.server";
import { getTestContext } from "../../server/test/context";

beforeAll(() => getTestContext().then(() => undefined)); // organisations' own keys are looked up

let stand: Awaited<ReturnType<typeof startSearchStandIns>>;
beforeAll(async () => (stand = await startSearchStandIns()));
afterAll(() => stand.close());
beforeEach(() => {
  vi.stubEnv("GOOGLE_SEARCH_BASE_URL", stand.googleUrl);
  vi.stubEnv("GOOGLE_SEARCH_API_KEY", GOOGLE_GOOD_KEY);
  vi.stubEnv("GOOGLE_SEARCH_CX", GOOGLE_CX);
  vi.stubEnv("SEARXNG_URL", "");
  stand.setGoogleMode("ok");
  stand.setSearxngJson(true);
  stand.googleRequests.length = 0;
  stand.searxngRequests.length = 0;
});
afterEach(() => {
  vi.unstubAllEnvs();
  SEARCH_GOOGLE_LIMITS.timeoutMs = 20_000;
});

const ctx = () => webToolContext();
const search = (query: string) => execute(searchGoogle.input.parse({ query }), ctx());

describe("search_google", () => {
  it("[TOOL-09] searches Google Programmable Search for the query and returns title, link and snippet of each result", async () => {
    const result = await toolExecutors.search_google!({ query: "spring tides" }, ctx());
    expect(result).toEqual({
      status: "success",
      query: "spring tides",
      results: [
        {
          title: "Tide tables 2025 | Harbour News",
          link: "https://www.harbour.example/tides",
          snippet: "Spring tides peak on Saturday morning, says the spring tides page.",
        },
        {
          title: "Coastal guide",
          link: "https://coast.example/guide",
          snippet: "Keep clear of the sea wall during high water.",
        },
      ],
    });
    expect(Object.fromEntries(stand.googleRequests[0]!)).toEqual({
      key: GOOGLE_GOOD_KEY,
      cx: GOOGLE_CX,
      q: "spring tides",
      num: "10",
    });
  });

  it("[TOOL-09] a query Google finds nothing for (no items) is a success with no results", async () => {
    expect(await search("nothing matches this")).toEqual({
      status: "success",
      query: "nothing matches this",
      results: [],
    });
  });

  it("[TOOL-09] with SEARXNG_URL set, asks that SearXNG instance for JSON instead, keeping the first 10 results", async () => {
    vi.stubEnv("SEARXNG_URL", `${stand.searxngUrl}/`);
    vi.stubEnv("GOOGLE_SEARCH_API_KEY", "");
    const result = await search("spring tides");
    expect(result.status).toBe("success");
    const results = result.results as { title: string; link: string; snippet: string }[];
    expect(results).toHaveLength(10);
    expect(results.slice(0, 2)).toEqual([
      { title: "Result 0 about spring tides", link: "https://result0.example/page", snippet: "Snippet 0" },
      { title: "Result 1 about spring tides", link: "https://result1.example/page", snippet: "" },
    ]);
    expect(Object.fromEntries(stand.searxngRequests[0]!)).toEqual({ q: "spring tides", format: "json" });
    expect(stand.googleRequests).toHaveLength(0);
  });

  it("a SearXNG without the json format says what the operator must change", async () => {
    vi.stubEnv("SEARXNG_URL", stand.searxngUrl);
    stand.setSearxngJson(false);
    expect((await search("tides")).error).toBe(
      "Error searching Google: SearXNG refused the request (HTTP 403). The operator must list json in search.formats of the instance's settings.yml.",
    );
  });

  it("without a key and search engine id it fails saying what the operator must set, and calls nobody", async () => {
    vi.stubEnv("GOOGLE_SEARCH_CX", "");
    expect(await search("tides")).toEqual({
      status: "error",
      error:
        "Error searching Google: web search is not configured on this server: the operator must set GOOGLE_SEARCH_API_KEY and GOOGLE_SEARCH_CX (or SEARXNG_URL for a SearXNG instance)",
    });
    expect(stand.googleRequests).toHaveLength(0);
  });

  it("a refused key, a wrong engine id, a rate limit (Retry-After) and a spent daily quota each read as Google's reason", async () => {
    vi.stubEnv("GOOGLE_SEARCH_API_KEY", "AIzaSy-revoked");
    expect((await search("tides")).error).toBe(
      "Error searching Google: Google Programmable Search refused the API key (HTTP 400): API key not valid. Please pass a valid API key. The operator must check GOOGLE_SEARCH_API_KEY and GOOGLE_SEARCH_CX.",
    );
    vi.stubEnv("GOOGLE_SEARCH_API_KEY", GOOGLE_GOOD_KEY);
    vi.stubEnv("GOOGLE_SEARCH_CX", "wrong-cx");
    expect((await search("tides")).error).toBe(
      "Error searching Google: Google Programmable Search refused the request (HTTP 400): Request contains an invalid argument.",
    );
    vi.stubEnv("GOOGLE_SEARCH_CX", GOOGLE_CX);
    stand.setGoogleMode("rate-limited");
    expect((await search("tides")).error).toBe(
      "Error searching Google: Google Programmable Search is limiting how fast requests are sent (HTTP 429); try again in 42 s.",
    );
    stand.setGoogleMode("daily-quota");
    expect((await search("tides")).error).toBe(
      "Error searching Google: Google Programmable Search says the quota is used up (HTTP 429): Quota exceeded for quota metric 'Queries' and limit 'Queries per day' of service 'customsearch.googleapis.com' for consumer 'project_number:123456'.",
    );
  });

  it("gives up on a search that does not answer within its time limit, and never puts the key in the error", async () => {
    stand.setGoogleMode("hang");
    SEARCH_GOOGLE_LIMITS.timeoutMs = 300;
    const result = await search("tides");
    expect(result.error).toBe("Error searching Google: Google Programmable Search did not answer within 300 ms");
    vi.stubEnv("GOOGLE_SEARCH_BASE_URL", "http://127.0.0.1:9");
    const unreachable = await search("tides");
    expect(unreachable.error).toMatch(/^Error searching Google: Could not reach Google Programmable Search/);
    expect(JSON.stringify([result, unreachable])).not.toContain(GOOGLE_GOOD_KEY);
  });
});
