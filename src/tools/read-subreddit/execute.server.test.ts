// read_subreddit against a loopback stand-in of Reddit's OAuth API (e2e/support/fake-reddit.ts, which
// cites the API reference): app-only token, listing parameters, the User-Agent rule, top comments, and
// every refusal turned into "Error reading subreddit: {reason}".
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeReddit, type FakeReddit } from "../../../e2e/support/fake-reddit";
import { FORBIDDEN_ADDRESS_MESSAGE, setOutboundAllowList } from "../../server/net/outbound-guard";
import { resetRedditRateLimits } from "../../server/web-apis/reddit";
import { WEB_API_LIMITS } from "../../server/web-apis/service-fetch";
import { statusLine } from "../../client/features/chat/messages/tool-status";
import { redditResult } from "../result-parts";
import { readSubreddit } from "./definition";
import { execute } from "./execute.server";
import { webToolContext } from "../web-tool-context.server";
import { getTestContext } from "../../server/test/context";

beforeAll(() => getTestContext().then(() => undefined)); // organisations' own keys are looked up

const ID = "app-id-123";
const SECRET = "app-secret-xyz";
let reddit: FakeReddit;
const run = (args: Record<string, unknown>) => execute(readSubreddit.input.parse(args), webToolContext());
const api = () => reddit.requests.filter((r) => r.path !== "/api/v1/access_token");
const comments = [
  { author: "low", body: "meh", score: 1 },
  { author: "top", body: "best answer", score: 90 },
  { author: "second", body: "good point", score: 40 },
  { author: "third", body: "also fine", score: 20 },
];

beforeAll(async () => {
  reddit = await startFakeReddit({
    clientId: ID,
    clientSecret: SECRET,
    subreddits: {
      datascience: {
        posts: [
          {
            id: "p1",
            title: "Which BI tool?",
            selftext: "Looker or Metabase &amp; why",
            author: "ana",
            score: 321,
            comments,
          },
          {
            id: "p2",
            title: "Pandas 3 released",
            url: "https://pandas.pydata.org",
            author: "bo",
            score: 99,
            created_utc: 1_800_000_000,
          },
          ...Array.from({ length: 12 }, (_, i) => ({ id: `f${i}`, title: `Filler ${i}`, score: i })),
        ],
      },
      secretclub: { private: true },
      gone: { banned: true },
    },
  });
  Object.assign(process.env, {
    REDDIT_CLIENT_ID: ID,
    REDDIT_CLIENT_SECRET: SECRET,
    REDDIT_USERNAME: "switchboard_ops",
    REDDIT_BASE_URL: reddit.url,
    REDDIT_AUTH_BASE_URL: reddit.url,
  });
  setOutboundAllowList(["127.0.0.1"]);
});
afterEach(() => {
  resetRedditRateLimits();
  reddit.next = null;
  reddit.rateLimit = { remaining: 995, reset: 420 };
});
afterAll(async () => {
  setOutboundAllowList([]);
  for (const k of [
    "REDDIT_CLIENT_ID",
    "REDDIT_CLIENT_SECRET",
    "REDDIT_USERNAME",
    "REDDIT_BASE_URL",
    "REDDIT_AUTH_BASE_URL",
  ])
    delete process.env[k];
  await reddit?.close();
});

// The tests share the stand-in and the cached token (revoked or expired by some): they run in the order written.
describe("read_subreddit", { shuffle: false }, () => {
  it("[TOOL-17] reads the week's top 10 posts by default with an app-only token and Reddit's User-Agent rule", async () => {
    const res = await run({ subreddit: "datascience" });
    expect(res.status).toBe("success");
    const { posts } = redditResult.parse(res);
    expect(posts).toHaveLength(10);
    expect(posts[0]).toMatchObject({
      title: "Which BI tool?",
      subreddit: "datascience",
      author: "ana",
      score: 321,
      permalink: "/r/datascience/comments/p1/which_bi_tool_/",
      selftext: "Looker or Metabase &amp; why",
    });
    expect(posts[0]!.comments ?? undefined).toBeUndefined();
    const token = reddit.requests.find((r) => r.path === "/api/v1/access_token")!;
    expect(token.method).toBe("POST");
    expect(token.body).toBe("grant_type=client_credentials");
    expect(token.headers.authorization).toBe(`Basic ${Buffer.from(`${ID}:${SECRET}`).toString("base64")}`);
    const call = api().at(-1)!;
    expect(call.path).toBe("/r/datascience/top");
    expect(call.query).toMatchObject({ t: "week", limit: "10", raw_json: "1" });
    expect(call.headers.authorization).toMatch(/^Bearer fake-reddit-token-\d+$/);
    expect(call.headers["user-agent"]).toBe(`web:${ID}:1.0.0 (by /u/switchboard_ops)`);
  });

  it("[TOOL-17] item_type, time_filter and limit reach Reddit; the token is reused until it expires", async () => {
    const before = reddit.tokensIssued;
    const hot = redditResult.parse(await run({ subreddit: "r/DataScience", item_type: "new", limit: 2 }));
    expect(hot.posts.map((p) => p.title)[0]).toBe("Pandas 3 released");
    expect(api().at(-1)!.path).toBe("/r/DataScience/new");
    expect(api().at(-1)!.query.t).toBeUndefined(); // Reddit reads t only for top and controversial
    expect(api().at(-1)!.query.limit).toBe("2");
    await run({ subreddit: "datascience", item_type: "controversial", time_filter: "year", limit: 100 });
    expect(api().at(-1)!).toMatchObject({ path: "/r/datascience/controversial", query: { t: "year", limit: "100" } });
    await run({ subreddit: "datascience", item_type: "hot" });
    expect(api().at(-1)!.path).toBe("/r/datascience/hot");
    expect(reddit.tokensIssued).toBe(before);
    for (const bad of [
      { subreddit: "x", item_type: "rising" },
      { subreddit: "x", time_filter: "decade" },
      { subreddit: "x", limit: 101 },
    ])
      expect(readSubreddit.input.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it("[TOOLCARD-21] with include_comments each post carries its 3 top comments, asked of Reddit sorted by top", async () => {
    const { posts } = redditResult.parse(await run({ subreddit: "datascience", include_comments: true, limit: 2 }));
    expect(posts[0]!.comments).toEqual([
      { author: "top", body: "best answer", score: 90 },
      { author: "second", body: "good point", score: 40 },
      { author: "third", body: "also fine", score: 20 },
    ]);
    expect(posts[1]!.comments).toEqual([]);
    const asked = api().filter((r) => r.path.startsWith("/r/datascience/comments/"));
    expect(asked.at(-2)).toMatchObject({ path: "/r/datascience/comments/p1", query: { sort: "top", limit: "3" } });
  });

  it("[TOOLCARD-42] a private, banned or unknown subreddit and a malformed name read Error reading subreddit: …", async () => {
    const cases: [string, string][] = [
      ["secretclub", "Error reading subreddit: r/secretclub is private"],
      ["gone", "Error reading subreddit: r/gone has been banned"],
      ["nosuchplace", "Error reading subreddit: r/nosuchplace was not found"],
      [
        "bad name!",
        'Error reading subreddit: "bad name!" is not a subreddit name (2 to 21 letters, digits or underscores)',
      ],
    ];
    for (const [subreddit, error] of cases) {
      const res = await run({ subreddit });
      expect(res).toEqual({ status: "error", error });
      expect(statusLine("read_subreddit", { subreddit }, "error", res)).toBe(error);
    }
    expect(
      statusLine("read_subreddit", { subreddit: "datascience" }, "success", { status: "success", posts: [] }),
    ).toBe("Read r/datascience");
  });

  it("[TOOLCARD-42] a 429 with Retry-After says when to try again, and no call is made before then", async () => {
    reddit.next = { status: 429, headers: { "retry-after": "30" } };
    const res = await run({ subreddit: "datascience" });
    expect(res).toEqual({
      status: "error",
      error: "Error reading subreddit: Reddit is rate-limiting these requests (HTTP 429); try again in 30 s.",
    });
    const seen = api().length;
    const again = (await run({ subreddit: "datascience" })) as { error: string };
    expect(again.error).toMatch(
      /^Error reading subreddit: Reddit's rate limit for this app is used up; it resets in (29|30) s\.$/,
    );
    expect(api().length).toBe(seen);
  });

  it("[TOOLCARD-42] X-Ratelimit-Remaining 0 is honoured until X-Ratelimit-Reset", async () => {
    reddit.rateLimit = { remaining: 1, reset: 120 };
    expect((await run({ subreddit: "datascience" })).status).toBe("success"); // spends the last request
    const seen = api().length;
    const res = (await run({ subreddit: "datascience" })) as { error: string };
    expect(res.error).toMatch(/rate limit for this app is used up; it resets in 1[12]\d s\./);
    expect(api().length).toBe(seen);
  });

  it("a revoked token is renewed once; refused credentials name the settings to fix", async () => {
    reddit.revokeTokens();
    const before = reddit.tokensIssued;
    expect((await run({ subreddit: "datascience" })).status).toBe("success");
    expect(reddit.tokensIssued).toBe(before + 1);
    process.env.REDDIT_CLIENT_SECRET = "wrong";
    reddit.revokeTokens(); // a bad secret shows when the token is next renewed
    try {
      expect(await run({ subreddit: "datascience" })).toEqual({
        status: "error",
        error:
          "Error reading subreddit: Reddit rejected the configured credentials (HTTP 401). The server operator must check REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET.",
      });
    } finally {
      process.env.REDDIT_CLIENT_SECRET = SECRET;
    }
  });

  it("without credentials the error says Reddit is not configured and what the operator must set", async () => {
    delete process.env.REDDIT_CLIENT_ID;
    try {
      expect(await run({ subreddit: "datascience" })).toEqual({
        status: "error",
        error:
          "Error reading subreddit: Reddit is not configured on this server. The server operator must set REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET.",
      });
    } finally {
      process.env.REDDIT_CLIENT_ID = ID;
    }
  });

  it("a Reddit that does not answer in time is an error result, not a hang", async () => {
    const saved = WEB_API_LIMITS.timeoutMs;
    WEB_API_LIMITS.timeoutMs = 300;
    reddit.next = { status: 200, delayMs: 2_000 };
    try {
      const res = (await run({ subreddit: "datascience" })) as { error: string };
      expect(res.error).toMatch(/^Error reading subreddit: Request to 127\.0\.0\.1:\d+ timed out after 0\.3 s$/);
    } finally {
      WEB_API_LIMITS.timeoutMs = saved;
    }
  });

  it("the configured base URL goes through the outbound guard: loopback is refused unless allowed", async () => {
    setOutboundAllowList([]);
    try {
      const res = (await run({ subreddit: "datascience" })) as { error: string };
      expect(res.error).toContain(FORBIDDEN_ADDRESS_MESSAGE);
    } finally {
      setOutboundAllowList(["127.0.0.1"]);
    }
  });
});
