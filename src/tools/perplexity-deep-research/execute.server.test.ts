// perplexity_deep_research against a loopback stand-in for Perplexity's Sonar API
// (../../server/web-search/sonar-stand-in.ts).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SONAR_GOOD_KEY, startSonarStandIn } from "../../server/web-search/sonar-stand-in";
import { toolExecutors } from "../executors.server";
import { DEEP_RESEARCH_TIMEOUT_MS, perplexityDeepResearch } from "./definition";
import { DEEP_RESEARCH_LIMITS, execute } from "./execute.server";
import { webToolContext } from "../web-tool-context.server";
import { getTestContext } from "../../server/test/context";

beforeAll(() => getTestContext().then(() => undefined)); // organisations' own keys are looked up

let sonar: Awaited<ReturnType<typeof startSonarStandIn>>;
beforeAll(async () => (sonar = await startSonarStandIn()));
afterAll(() => sonar.close());
beforeEach(() => {
  vi.stubEnv("PERPLEXITY_BASE_URL", sonar.url);
  vi.stubEnv("PERPLEXITY_API_KEY", SONAR_GOOD_KEY);
  sonar.setMode("ok");
  sonar.requests.length = 0;
});
afterEach(() => {
  vi.unstubAllEnvs();
  DEEP_RESEARCH_LIMITS.timeoutMs = DEEP_RESEARCH_TIMEOUT_MS;
});

const ctx = () => webToolContext();
const research = (query: string) => execute(perplexityDeepResearch.input.parse({ query }), ctx());

describe("perplexity_deep_research", () => {
  it("[TOOL-12] returns the report (without its <think> reasoning), citations, usage and search results", async () => {
    const result = await toolExecutors.perplexity_deep_research!({ query: "Tide patterns in 2025" }, ctx());
    expect(result).toEqual({
      status: "success",
      message: 'About "Tide patterns in 2025": spring tides peak on Saturday [1][2].',
      citations: ["https://www.harbour.example/tides", "https://coast.example/guide"],
      usage: { numSearchQueries: 18, reasoningTokens: 26_501, totalTokens: 48_213 },
      searchResults: [
        { url: "https://www.harbour.example/tides", title: "Tide tables 2025", date: "2025-03-01" },
        { url: "https://coast.example/guide", title: "Coastal guide", date: null },
      ],
    });
    expect(sonar.requestsAbout("Tide patterns in 2025").map((r) => r.body.model)).toEqual(["sonar-deep-research"]);
  });

  it("[TOOLCARD-16] the call's own time limit is the tool's 5 minutes", () => {
    expect(DEEP_RESEARCH_LIMITS.timeoutMs).toBe(5 * 60 * 1000);
    expect(perplexityDeepResearch.timeoutMs).toBe(5 * 60 * 1000);
  });

  it("[TOOLCARD-31] [TOOLCARD-17] without PERPLEXITY_API_KEY it fails naming what to set, the query cut at 150 characters", async () => {
    vi.stubEnv("PERPLEXITY_API_KEY", "");
    const query = "q".repeat(200);
    expect(await research(query)).toEqual({
      status: "error",
      error: `Failed to complete deep research on "${"q".repeat(150)}": Perplexity is not configured on this server: the operator must set PERPLEXITY_API_KEY`,
    });
    expect(sonar.requestsAbout(query)).toHaveLength(0);
  });

  it("[TOOLCARD-31] a refused key and a 429 with Retry-After fail with Perplexity's reason", async () => {
    vi.stubEnv("PERPLEXITY_API_KEY", "pplx-wrong");
    expect((await research("tides")).error).toBe(
      'Failed to complete deep research on "tides": Perplexity refused the API key (HTTP 401): Invalid API key provided. The operator must check PERPLEXITY_API_KEY.',
    );
    vi.stubEnv("PERPLEXITY_API_KEY", SONAR_GOOD_KEY);
    sonar.setMode("rate-limited");
    expect((await research("tides")).error).toBe(
      'Failed to complete deep research on "tides": Perplexity is limiting how fast requests are sent (HTTP 429); try again in 30 s.',
    );
  });

  it("[TOOLCARD-31] a research that outlasts its limit fails and stops waiting", async () => {
    sonar.setMode("hang");
    DEEP_RESEARCH_LIMITS.timeoutMs = 300;
    expect((await research("slow tides")).error).toBe(
      'Failed to complete deep research on "slow tides": Perplexity did not answer within 300 ms',
    );
  });

  it("a chat turn that is stopped stops the research too", async () => {
    sonar.setMode("hang");
    const stop = new AbortController();
    const pending = execute({ query: "slow tides" }, webToolContext(stop.signal));
    setTimeout(() => stop.abort(), 50);
    expect((await pending).error).toBe(
      'Failed to complete deep research on "slow tides": The request to Perplexity was stopped',
    );
  });
});
