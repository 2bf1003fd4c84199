// search_reddit against a loopback stand-in of Reddit's OAuth API (e2e/support/fake-reddit.ts, which
// cites the API reference): GET /search?type=link with the term, period and limit; top comments; and
// refusals as "Error searching Reddit: {reason}".
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeReddit, type FakeReddit } from "../../../e2e/support/fake-reddit";
import { setOutboundAllowList } from "../../server/net/outbound-guard";
import { resetRedditRateLimits } from "../../server/web-apis/reddit";
import { statusLine } from "../../client/features/chat/messages/tool-status";
import { redditResult } from "../result-parts";
import { searchReddit } from "./definition";
import { execute } from "./execute.server";
import { webToolContext } from "../web-tool-context.server";
import { getTestContext } from "../../server/test/context";

beforeAll(() => getTestContext().then(() => undefined)); // organisations' own keys are looked up

const ID = "search-app";
const SECRET = "search-secret";
let reddit: FakeReddit;
const run = (args: Record<string, unknown>) => execute(searchReddit.input.parse(args), webToolContext());
const api = () => reddit.requests.filter((r) => r.path !== "/api/v1/access_token");

beforeAll(async () => {
  reddit = await startFakeReddit({
    clientId: ID,
    clientSecret: SECRET,
    subreddits: {
      espresso: {
        posts: [
          {
            id: "e1",
            title: "Best grinder for espresso under $300?",
            author: "crema",
            score: 210,
            comments: [
              { author: "a", body: "Niche Zero", score: 50 },
              { author: "b", body: "DF64", score: 70 },
              { author: "c", body: "Baratza", score: 30 },
              { author: "d", body: "Hand grinder", score: 5 },
            ],
          },
        ],
      },
      coffee: { posts: [{ id: "c1", title: "Grinder advice", selftext: "espresso grinder thoughts", score: 12 }] },
      hidden: { private: true, posts: [{ id: "h1", title: "espresso secrets" }] },
    },
  });
  Object.assign(process.env, {
    REDDIT_CLIENT_ID: ID,
    REDDIT_CLIENT_SECRET: SECRET,
    REDDIT_BASE_URL: reddit.url,
    REDDIT_AUTH_BASE_URL: reddit.url,
  });
  delete process.env.REDDIT_USERNAME;
  setOutboundAllowList(["127.0.0.1"]);
});
afterEach(() => {
  resetRedditRateLimits();
  reddit.next = null;
});
afterAll(async () => {
  setOutboundAllowList([]);
  for (const k of ["REDDIT_CLIENT_ID", "REDDIT_CLIENT_SECRET", "REDDIT_BASE_URL", "REDDIT_AUTH_BASE_URL"])
    delete process.env[k];
  await reddit?.close();
});

describe("search_reddit", () => {
  it("[TOOL-18] searches posts across Reddit for the term, all time and 10 posts by default", async () => {
    const res = await run({ search_term: "espresso" });
    expect(res.status).toBe("success");
    const { posts } = redditResult.parse(res);
    expect(posts.map((p) => [p.subreddit, p.title])).toEqual([
      ["espresso", "Best grinder for espresso under $300?"],
      ["coffee", "Grinder advice"],
    ]);
    const call = api().at(-1)!;
    expect(call).toMatchObject({ method: "GET", path: "/search" });
    expect(call.query).toEqual({ q: "espresso", t: "all", limit: "10", type: "link", raw_json: "1" });
    expect(call.headers["user-agent"]).toBe(`web:${ID}:1.0.0`);
    await run({ search_term: "grinder", time_filter: "month", limit: 3 });
    expect(api().at(-1)!.query).toMatchObject({ q: "grinder", t: "month", limit: "3" });
    expect(searchReddit.input.safeParse({ search_term: "x", time_filter: "decade" }).success).toBe(false);
  });

  it("[TOOLCARD-21] with include_comments each post carries its 3 top comments", async () => {
    const { posts } = redditResult.parse(await run({ search_term: "espresso", include_comments: true }));
    expect(posts[0]!.comments!.map((c) => c.body)).toEqual(["DF64", "Niche Zero", "Baratza"]);
    expect(posts[1]!.comments).toEqual([]);
    expect(
      api()
        .filter((r) => r.path === "/r/espresso/comments/e1")
        .at(-1)!.query,
    ).toMatchObject({
      sort: "top",
      limit: "3",
    });
  });

  it("[TOOLCARD-21] a post whose comments Reddit refuses keeps its place, with the reason", async () => {
    // The search answers; the comment call that follows fails.
    reddit.next = { status: 500, body: { message: "Internal Server Error", error: 500 }, path: "/r/" };
    const res = (await run({ search_term: "Best grinder", include_comments: true })) as {
      status: string;
      posts: { comments: unknown[]; comments_error?: string }[];
    };
    expect(res.status).toBe("success");
    expect(res.posts[0]).toMatchObject({
      comments: [],
      comments_error: "Reddit answered HTTP 500: Internal Server Error",
    });
  });

  it("[TOOLCARD-43] bad credentials, 429 and missing settings read Error searching Reddit: …", async () => {
    reddit.next = { status: 429, headers: { "retry-after": "12" } };
    const limited = await run({ search_term: "espresso" });
    expect(limited).toEqual({
      status: "error",
      error: "Error searching Reddit: Reddit is rate-limiting these requests (HTTP 429); try again in 12 s.",
    });
    expect(statusLine("search_reddit", { search_term: "espresso" }, "error", limited)).toBe(
      (limited as { error: string }).error,
    );
    resetRedditRateLimits();
    process.env.REDDIT_CLIENT_SECRET = "nope";
    reddit.revokeTokens();
    try {
      expect(((await run({ search_term: "espresso" })) as { error: string }).error).toBe(
        "Error searching Reddit: Reddit rejected the configured credentials (HTTP 401). The server operator must check REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET.",
      );
      delete process.env.REDDIT_CLIENT_SECRET;
      expect(((await run({ search_term: "espresso" })) as { error: string }).error).toBe(
        "Error searching Reddit: Reddit is not configured on this server. The server operator must set REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET.",
      );
    } finally {
      process.env.REDDIT_CLIENT_SECRET = SECRET;
    }
    expect(statusLine("search_reddit", { search_term: "espresso" }, "success", { status: "success", posts: [] })).toBe(
      'Searched Reddit for "espresso"',
    );
  });
});
