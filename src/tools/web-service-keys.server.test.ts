// Decision 092: an organisation's own keys for the web research services (Control Hub → Integrations) are
// what its tool calls send, ahead of the operator's environment; another organisation never gets them. Each
// tool runs against the loopback stand-ins its own tests use, which record the key they received.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startFakeFdc, type FakeFdc } from "../../e2e/support/fake-fdc";
import { startFakeReddit, type FakeReddit } from "../../e2e/support/fake-reddit";
import { startFakeTiktok, type FakeTiktok } from "../../e2e/support/fake-tiktok";
import { toolContext } from "../server/documents/test-context";
import { setOutboundAllowList } from "../server/net/outbound-guard";
import { getTestContext, type TestContext } from "../server/test/context";
import { call } from "../server/test/http";
import { createTenancyFixture, type OrgFixture, type TenancyFixture } from "../server/test/tenancy-fixture";
import { resetRedditRateLimits } from "../server/web-apis/reddit";
import { SONAR_GOOD_KEY, startSonarStandIn } from "../server/web-search/sonar-stand-in";
import type { ToolResult } from "./executor.server";
import { askWeb } from "./ask-web/definition";
import { execute as askWebExecute } from "./ask-web/execute.server";
import { perplexityDeepResearch } from "./perplexity-deep-research/definition";
import { execute as deepResearchExecute } from "./perplexity-deep-research/execute.server";
import { readSubreddit } from "./read-subreddit/definition";
import { execute as readSubredditExecute } from "./read-subreddit/execute.server";
import { searchFdProducts } from "./search-fd-products/definition";
import { execute as fdExecute } from "./search-fd-products/execute.server";
import { searchGoogle } from "./search-google/definition";
import { execute as googleExecute } from "./search-google/execute.server";
import { GOOGLE_CX, GOOGLE_GOOD_KEY, startSearchStandIns } from "./search-google/search-stand-ins.server";
import { searchReddit } from "./search-reddit/definition";
import { execute as searchRedditExecute } from "./search-reddit/execute.server";
import { searchTiktok } from "./search-tiktok/definition";
import { execute as tiktokExecute } from "./search-tiktok/execute.server";

// The operator's keys (environment) and organisation A's own; organisation B has none of its own.
const OP = {
  reddit: { id: "operator-reddit-id", secret: "operator-reddit-secret" },
  tiktok: { key: "operatorttkey", secret: "operator-tt-secret" },
  fdc: "operator-fdc-key",
};
const A = {
  perplexity: "pplx-org-a-own-key",
  google: { key: "AIzaSy-org-a-key", cx: "org-a-engine:abc" },
  reddit: { id: "org-a-reddit-id", secret: "org-a-reddit-secret", user: "orga_bot" },
  tiktok: { key: "orgattkey", secret: "org-a-tt-secret" },
  fdc: "org-a-fdc-key",
};

let ctx: TestContext;
let f: TenancyFixture;
let sonar: Awaited<ReturnType<typeof startSonarStandIn>>;
let search: Awaited<ReturnType<typeof startSearchStandIns>>;
let reddit: FakeReddit;
let tiktok: FakeTiktok;
let fdc: FakeFdc;

const connect = async (org: OrgFixture, key: string, data: Record<string, string>) => {
  const res = await call(ctx.app, "POST", `/api/updateConnections?orgId=${org.id}`, {
    token: org.admin.token,
    body: { action: "create", key, data },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const disconnect = async (org: OrgFixture, key: string) => {
  const res = await call(ctx.app, "POST", `/api/updateConnections?orgId=${org.id}`, {
    token: org.admin.token,
    body: { action: "delete", key },
  });
  expect(res.status).toBe(200);
};

const operatorEnv = () => {
  vi.stubEnv("PERPLEXITY_BASE_URL", sonar.url);
  vi.stubEnv("PERPLEXITY_API_KEY", SONAR_GOOD_KEY);
  vi.stubEnv("GOOGLE_SEARCH_BASE_URL", search.googleUrl);
  vi.stubEnv("GOOGLE_SEARCH_API_KEY", GOOGLE_GOOD_KEY);
  vi.stubEnv("GOOGLE_SEARCH_CX", GOOGLE_CX);
  vi.stubEnv("SEARXNG_URL", "");
  vi.stubEnv("REDDIT_BASE_URL", reddit.url);
  vi.stubEnv("REDDIT_AUTH_BASE_URL", reddit.url);
  vi.stubEnv("REDDIT_CLIENT_ID", OP.reddit.id);
  vi.stubEnv("REDDIT_CLIENT_SECRET", OP.reddit.secret);
  vi.stubEnv("REDDIT_USERNAME", "switchboard_ops");
  vi.stubEnv("TIKTOK_BASE_URL", tiktok.url);
  vi.stubEnv("TIKTOK_CLIENT_KEY", OP.tiktok.key);
  vi.stubEnv("TIKTOK_CLIENT_SECRET", OP.tiktok.secret);
  vi.stubEnv("FDC_BASE_URL", fdc.url);
  vi.stubEnv("FDC_API_KEY", OP.fdc);
};
const withoutOperatorKeys = () => {
  for (const k of [
    "PERPLEXITY_API_KEY",
    "GOOGLE_SEARCH_API_KEY",
    "GOOGLE_SEARCH_CX",
    "REDDIT_CLIENT_ID",
    "REDDIT_CLIENT_SECRET",
    "TIKTOK_CLIENT_KEY",
    "TIKTOK_CLIENT_SECRET",
    "FDC_API_KEY",
  ])
    vi.stubEnv(k, "");
};

// Each tool once, as the given organisation.
const as = (org: OrgFixture) => toolContext(org);
const askWebAs = (org: OrgFixture) => askWebExecute(askWeb.input.parse({ query: "tides" }), as(org));
const deepResearchAs = (org: OrgFixture) =>
  deepResearchExecute(perplexityDeepResearch.input.parse({ query: "tides" }), as(org));
const googleAs = (org: OrgFixture) => googleExecute(searchGoogle.input.parse({ query: "tides" }), as(org));
const readSubredditAs = (org: OrgFixture) =>
  readSubredditExecute(readSubreddit.input.parse({ subreddit: "espresso", include_comments: true }), as(org));
const searchRedditAs = (org: OrgFixture) =>
  searchRedditExecute(searchReddit.input.parse({ search_term: "grinder" }), as(org));
const tiktokAs = (org: OrgFixture) =>
  tiktokExecute(searchTiktok.input.parse({ search_term: "recipe", period: 7, limit: 1 }), as(org));
const fdAs = (org: OrgFixture) => fdExecute(searchFdProducts.input.parse({ search_term: "yogurt", pages: 1 }), as(org));

const ok = (r: ToolResult) => expect(r.status, JSON.stringify(r)).toBe("success");
const header = (h: string | string[] | undefined) => (Array.isArray(h) ? h[0] : h);
/** The client a Reddit or TikTok API call's bearer token was issued to. */
const tokenClient = (fake: FakeReddit | FakeTiktok, auth: string | string[] | undefined) =>
  fake.tokenClients.get(String(header(auth)).replace(/^Bearer /, ""));
const redditApiCalls = () => reddit.requests.filter((r) => r.path !== "/api/v1/access_token");
const tiktokApiCalls = () => tiktok.requests.filter((r) => r.path !== "/v2/oauth/token/");

beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
  [sonar, search, reddit, tiktok, fdc] = await Promise.all([
    startSonarStandIn(),
    startSearchStandIns(),
    startFakeReddit({
      clientId: OP.reddit.id,
      clientSecret: OP.reddit.secret,
      subreddits: {
        espresso: {
          posts: [
            { id: "e1", title: "Best grinder?", author: "ana", comments: [{ author: "b", body: "DF64", score: 9 }] },
          ],
        },
      },
    }),
    startFakeTiktok({
      clientKey: OP.tiktok.key,
      clientSecret: OP.tiktok.secret,
      videos: [
        {
          id: "7301234567890123457",
          video_description: "Easy sourdough recipe",
          username: "breadlady",
          create_time: Math.floor(Date.now() / 1000) - 86_400,
        },
      ],
    }),
    startFakeFdc({ apiKey: OP.fdc, foods: [{ fdcId: 2_345_678, description: "GREEK YOGURT", brandOwner: "Acme" }] }),
  ]);
  // The services know organisation A's keys as they know the operator's.
  sonar.keys.push(A.perplexity);
  search.googleApps.push(A.google);
  reddit.apps.push({ clientId: A.reddit.id, clientSecret: A.reddit.secret });
  tiktok.apps.push({ clientKey: A.tiktok.key, clientSecret: A.tiktok.secret });
  fdc.apiKeys.push(A.fdc);
  setOutboundAllowList(["127.0.0.1"]);
  operatorEnv();
  await connect(f.a, "perplexity", { api_key: A.perplexity });
  await connect(f.a, "google_search", { api_key: A.google.key, cx: A.google.cx });
  await connect(f.a, "reddit", { client_id: A.reddit.id, client_secret: A.reddit.secret, username: A.reddit.user });
  await connect(f.a, "tiktok", { client_key: A.tiktok.key, client_secret: A.tiktok.secret });
  await connect(f.a, "fooddata_central", { api_key: A.fdc });
}, 120_000);
afterEach(() => {
  vi.unstubAllEnvs();
  operatorEnv();
  resetRedditRateLimits();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  setOutboundAllowList([]);
  sonar?.close();
  search?.close();
  await Promise.all([reddit?.close(), tiktok?.close(), fdc?.close()]);
});

describe("an organisation's own web service keys", () => {
  it("ask_web and perplexity_deep_research send the organisation's Perplexity key, not the operator's", async () => {
    sonar.requests.length = 0;
    ok(await askWebAs(f.a));
    ok(await deepResearchAs(f.a));
    expect(sonar.requests.map((r) => r.authorization)).toEqual([`Bearer ${A.perplexity}`, `Bearer ${A.perplexity}`]);
    // Organisation B has no key of its own: the operator's.
    sonar.requests.length = 0;
    ok(await askWebAs(f.b));
    expect(sonar.requests.map((r) => r.authorization)).toEqual([`Bearer ${SONAR_GOOD_KEY}`]);
  });

  it("search_google sends the organisation's key and search engine, even where the operator chose SearXNG", async () => {
    vi.stubEnv("SEARXNG_URL", search.searxngUrl);
    search.googleRequests.length = 0;
    search.searxngRequests.length = 0;
    ok(await googleAs(f.a));
    expect(search.googleRequests.map((p) => [p.get("key"), p.get("cx")])).toEqual([[A.google.key, A.google.cx]]);
    // Organisation B follows the operator's choice.
    ok(await googleAs(f.b));
    expect(search.googleRequests).toHaveLength(1);
    expect(search.searxngRequests).toHaveLength(1);
  });

  it("read_subreddit and search_reddit run as the organisation's Reddit app, with its User-Agent", async () => {
    const from = reddit.requests.length;
    ok(await readSubredditAs(f.a));
    ok(await searchRedditAs(f.a));
    const calls = redditApiCalls().filter((r) => reddit.requests.indexOf(r) >= from);
    expect(calls.length).toBeGreaterThanOrEqual(3); // listing, its comments, the search
    for (const r of calls) {
      expect(tokenClient(reddit, r.headers.authorization)).toBe(A.reddit.id);
      expect(r.headers["user-agent"]).toBe(`web:${A.reddit.id}:1.0.0 (by /u/${A.reddit.user})`);
    }
    const fromB = reddit.requests.length;
    ok(await searchRedditAs(f.b));
    for (const r of redditApiCalls().filter((x) => reddit.requests.indexOf(x) >= fromB)) {
      expect(tokenClient(reddit, r.headers.authorization)).toBe(OP.reddit.id);
      expect(r.headers["user-agent"]).toBe(`web:${OP.reddit.id}:1.0.0 (by /u/switchboard_ops)`);
    }
  });

  it("search_tiktok runs as the organisation's TikTok app", async () => {
    const from = tiktok.requests.length;
    ok(await tiktokAs(f.a));
    const mine = tiktokApiCalls().filter((r) => tiktok.requests.indexOf(r) >= from);
    expect(mine.length).toBeGreaterThan(0);
    for (const r of mine) expect(tokenClient(tiktok, r.headers.authorization)).toBe(A.tiktok.key);
    const fromB = tiktok.requests.length;
    ok(await tiktokAs(f.b));
    for (const r of tiktokApiCalls().filter((x) => tiktok.requests.indexOf(x) >= fromB))
      expect(tokenClient(tiktok, r.headers.authorization)).toBe(OP.tiktok.key);
  });

  it("search_fd_products sends the organisation's FoodData Central key", async () => {
    fdc.requests.length = 0;
    ok(await fdAs(f.a));
    ok(await fdAs(f.b));
    expect(fdc.requests.map((r) => header(r.headers["x-api-key"]))).toEqual([A.fdc, OP.fdc]);
  });

  it("without the operator's keys, the organisation with its own runs every tool and the other gets 'not configured', calling nobody", async () => {
    withoutOperatorKeys();
    for (const run of [askWebAs, deepResearchAs, googleAs, readSubredditAs, searchRedditAs, tiktokAs, fdAs])
      ok(await run(f.a));
    const before = [sonar, search.googleRequests, reddit, tiktok, fdc].map((s) =>
      "requests" in s ? s.requests.length : s.length,
    );
    expect((await askWebAs(f.b)).error).toBe(
      'Failed to get answer for "tides": Perplexity is not configured on this server: the operator must set PERPLEXITY_API_KEY',
    );
    expect((await deepResearchAs(f.b)).status).toBe("error");
    expect((await googleAs(f.b)).error).toMatch(/^Error searching Google: web search is not configured on this server/);
    expect((await searchRedditAs(f.b)).error).toBe(
      "Error searching Reddit: Reddit is not configured on this server. The server operator must set REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET.",
    );
    expect((await readSubredditAs(f.b)).status).toBe("error");
    expect((await tiktokAs(f.b)).error).toBe(
      "TikTok is not configured on this server. The server operator must set TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET.",
    );
    expect((await fdAs(f.b)).status).toBe("error");
    const after = [sonar, search.googleRequests, reddit, tiktok, fdc].map((s) =>
      "requests" in s ? s.requests.length : s.length,
    );
    expect(after).toEqual(before);
  });

  it("a refused organisation key asks an organisation admin to check it, not the operator", async () => {
    const g = await createTenancyFixture(ctx.app);
    await connect(g.a, "perplexity", { api_key: "pplx-revoked" });
    await connect(g.a, "fooddata_central", { api_key: "wrong-fdc-key" });
    await connect(g.a, "google_search", { api_key: "AIzaSy-wrong", cx: "x" });
    expect((await askWebAs(g.a)).error).toBe(
      'Failed to get answer for "tides": Perplexity refused the API key (HTTP 401): Invalid API key provided. An organization admin must check the Perplexity keys in Integrations.',
    );
    expect((await fdAs(g.a)).error).toMatch(
      /USDA FoodData Central rejected the configured credentials \(API_KEY_INVALID\)\. An organization admin must check the USDA FoodData Central keys in Integrations\.$/,
    );
    expect((await googleAs(g.a)).error).toMatch(
      /Google Programmable Search refused the API key \(HTTP 400\).*An organization admin must check the Google Programmable Search keys in Integrations\.$/,
    );
  });

  it("two organisations with one client id never share a token: a wrong secret is refused even after the right one got a token", async () => {
    const g = await createTenancyFixture(ctx.app);
    // Organisation A has a Reddit and a TikTok token cached by now.
    ok(await searchRedditAs(f.a));
    ok(await tiktokAs(f.a));
    await connect(g.b, "reddit", { client_id: A.reddit.id, client_secret: "guessed-secret" });
    await connect(g.b, "tiktok", { client_key: A.tiktok.key, client_secret: "guessed-secret" });
    const from = reddit.requests.length;
    expect((await searchRedditAs(g.b)).error).toBe(
      "Error searching Reddit: Reddit rejected the configured credentials (HTTP 401). An organization admin must check the Reddit keys in Integrations.",
    );
    expect(redditApiCalls().filter((r) => reddit.requests.indexOf(r) >= from)).toEqual([]);
    const fromTt = tiktok.requests.length;
    expect((await tiktokAs(g.b)).error).toBe(
      "TikTok rejected the configured credentials (Client key or secret is incorrect.). An organization admin must check the TikTok keys in Integrations.",
    );
    expect(tiktokApiCalls().filter((r) => tiktok.requests.indexOf(r) >= fromTt)).toEqual([]);
  });

  it("once the organisation disconnects its key, its calls use the operator's again", async () => {
    const g = await createTenancyFixture(ctx.app);
    await connect(g.a, "perplexity", { api_key: A.perplexity });
    sonar.requests.length = 0;
    ok(await askWebAs(g.a));
    await disconnect(g.a, "perplexity");
    ok(await askWebAs(g.a));
    expect(sonar.requests.map((r) => r.authorization)).toEqual([`Bearer ${A.perplexity}`, `Bearer ${SONAR_GOOD_KEY}`]);
  });
});
