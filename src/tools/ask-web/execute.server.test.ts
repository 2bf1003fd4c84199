// ask_web against a loopback stand-in for Perplexity's Sonar API (../../server/web-search/sonar-stand-in.ts).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SONAR_GOOD_KEY, startSonarStandIn } from "../../server/web-search/sonar-stand-in";
import { toolExecutors } from "../executors.server";
import { askWeb } from "./definition";
import { ASK_WEB_LIMITS, execute } from "./execute.server";
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
  ASK_WEB_LIMITS.timeoutMs = 90_000;
});

const ctx = () => webToolContext();
const ask = (query: string) => execute(askWeb.input.parse({ query }), ctx());

describe("ask_web", () => {
  it("[TOOL-11] answers a question through Perplexity's sonar model with the message and the URLs it cites", async () => {
    const result = await toolExecutors.ask_web!({ query: "When do spring tides peak?" }, ctx());
    expect(result).toEqual({
      status: "success",
      message: 'About "When do spring tides peak?": spring tides peak on Saturday [1][2].',
      citations: ["https://www.harbour.example/tides", "https://coast.example/guide"],
    });
    expect(sonar.requestsAbout("When do spring tides peak?")).toEqual([
      {
        authorization: `Bearer ${SONAR_GOOD_KEY}`,
        body: { model: "sonar", messages: [{ role: "user", content: "When do spring tides peak?" }] },
      },
    ]);
  });

  it("[TOOLCARD-30] without PERPLEXITY_API_KEY it fails saying what the operator must set, and calls nobody", async () => {
    vi.stubEnv("PERPLEXITY_API_KEY", "");
    expect(await ask("tides")).toEqual({
      status: "error",
      error:
        'Failed to get answer for "tides": Perplexity is not configured on this server: the operator must set PERPLEXITY_API_KEY',
    });
    expect(sonar.requestsAbout("tides")).toHaveLength(0);
  });

  it("[TOOLCARD-30] a refused key fails with Perplexity's reason and what to check", async () => {
    vi.stubEnv("PERPLEXITY_API_KEY", "pplx-revoked");
    expect(await ask("tides")).toEqual({
      status: "error",
      error:
        'Failed to get answer for "tides": Perplexity refused the API key (HTTP 401): Invalid API key provided. The operator must check PERPLEXITY_API_KEY.',
    });
  });

  it("[TOOLCARD-30] 429 says how long to wait (Retry-After); a spent quota says so; a server error asks to retry", async () => {
    sonar.setMode("rate-limited");
    expect((await ask("tides")).error).toBe(
      'Failed to get answer for "tides": Perplexity is limiting how fast requests are sent (HTTP 429); try again in 30 s.',
    );
    sonar.setMode("quota");
    expect((await ask("tides")).error).toBe(
      'Failed to get answer for "tides": Perplexity says the quota is used up (HTTP 429): You exceeded your current quota, please check your credits.',
    );
    sonar.setMode("server-error");
    expect((await ask("tides")).error).toBe(
      'Failed to get answer for "tides": Perplexity had a server error (HTTP 500): Internal server error. Try again in a moment.',
    );
  });

  it("gives up on a service that does not answer within its time limit", async () => {
    sonar.setMode("hang");
    ASK_WEB_LIMITS.timeoutMs = 300;
    expect((await ask("slow tides")).error).toBe(
      'Failed to get answer for "slow tides": Perplexity did not answer within 300 ms',
    );
  });

  it("an unreachable PERPLEXITY_BASE_URL is a failure result, not a crash", async () => {
    vi.stubEnv("PERPLEXITY_BASE_URL", "http://127.0.0.1:9");
    expect((await ask("tides")).error).toMatch(/^Failed to get answer for "tides": Could not reach Perplexity/);
  });
});
