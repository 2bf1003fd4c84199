// search_tiktok against a loopback stand-in of TikTok's Research API (e2e/support/fake-tiktok.ts, which
// cites the API reference): client token, keyword query with dates from the period, 64-bit ids kept
// whole, comments, and refusals turned into readable error texts.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeTiktok, type FakeTiktok } from "../../../e2e/support/fake-tiktok";
import { setOutboundAllowList } from "../../server/net/outbound-guard";
import { statusLine } from "../../client/features/chat/messages/tool-status";
import { searchTiktok } from "./definition";
import { execute } from "./execute.server";
import { searchWindows } from "./dates";
import { searchTiktokResult } from "./result";
import { webToolContext } from "../web-tool-context.server";
import { getTestContext } from "../../server/test/context";

beforeAll(() => getTestContext().then(() => undefined)); // organisations' own keys are looked up

const KEY = "awtiktokkey";
const SECRET = "tiktok-secret";
const day = 86_400;
const now = Math.floor(Date.now() / 1000);
let tt: FakeTiktok;
const run = (args: Record<string, unknown>) => execute(searchTiktok.input.parse(args), webToolContext());
const queries = () => tt.requests.filter((r) => r.path === "/v2/research/video/query/");

beforeAll(async () => {
  tt = await startFakeTiktok({
    clientKey: KEY,
    clientSecret: SECRET,
    videos: [
      {
        id: "7301234567890123457",
        video_description: "Easy sourdough recipe #baking",
        username: "breadlady",
        create_time: now - 2 * day,
        like_count: 1200,
        comment_count: 3,
        share_count: 40,
        view_count: 50_000,
        comments: [
          { text: "trying this tonight", like_count: 5 },
          { text: "best recipe ever", like_count: 80 },
          { text: "what flour?", like_count: 20 },
          { text: "nice", like_count: 1 },
        ],
      },
      {
        id: "7301234567890000001",
        video_description: "recipe for pho",
        username: "soupguy",
        create_time: now - 20 * day,
      },
      {
        id: "7301234567890000002",
        video_description: "old recipe video",
        username: "archive",
        create_time: now - 100 * day,
      },
      ...Array.from({ length: 30 }, (_, i) => ({
        id: `72000000000000000${String(i).padStart(2, "0")}`,
        video_description: `filler recipe ${i}`,
        username: `u${i}`,
        create_time: now - 3 * day,
      })),
    ],
  });
  Object.assign(process.env, { TIKTOK_CLIENT_KEY: KEY, TIKTOK_CLIENT_SECRET: SECRET, TIKTOK_BASE_URL: tt.url });
  setOutboundAllowList(["127.0.0.1"]);
});
afterEach(() => {
  tt.next = null;
});
afterAll(async () => {
  setOutboundAllowList([]);
  for (const k of ["TIKTOK_CLIENT_KEY", "TIKTOK_CLIENT_SECRET", "TIKTOK_BASE_URL"]) delete process.env[k];
  await tt?.close();
});

// The tests share the stand-in and the cached token (revoked or expired by some): they run in the order written.
describe("search_tiktok", { shuffle: false }, () => {
  it("[TOOL-19] searches the last 7 days for 10 videos by default, with captions, authors and engagement", async () => {
    const res = await run({ search_term: "sourdough" });
    expect(res.status).toBe("success");
    const { videos } = searchTiktokResult.parse(res);
    expect(videos).toEqual([
      {
        id: "7301234567890123457", // 64 bits, kept whole
        url: "https://www.tiktok.com/@breadlady/video/7301234567890123457",
        caption: "Easy sourdough recipe #baking",
        author: "breadlady",
        created_at: new Date((now - 2 * day) * 1000).toISOString(),
        like_count: 1200,
        comment_count: 3,
        share_count: 40,
        view_count: 50_000,
      },
    ]);
    const q = queries().at(-1)!;
    expect(q.query.fields).toBe(
      "id,video_description,create_time,username,like_count,comment_count,share_count,view_count",
    );
    expect(q.headers.authorization).toMatch(/^Bearer clt\.fake-\d+$/);
    const body = JSON.parse(q.body);
    expect(body).toMatchObject({
      query: { and: [{ operation: "IN", field_name: "keyword", field_values: ["sourdough"] }] },
      max_count: 10,
      ...searchWindows(7)[0],
    });
    const token = tt.requests.find((r) => r.path === "/v2/oauth/token/")!;
    expect(Object.fromEntries(new URLSearchParams(token.body))).toEqual({
      client_key: KEY,
      client_secret: SECRET,
      grant_type: "client_credentials",
    });
  });

  it("[TOOL-19] the period picks the dates (longer periods in 30-day windows) and limit is at most 20", async () => {
    const d = (n: number) => new Date(Date.now() - n * day * 1000).toISOString().slice(0, 10).replaceAll("-", "");
    expect(searchWindows(1)).toEqual([{ start_date: d(1), end_date: d(0) }]);
    expect(searchWindows(90)).toEqual([
      { start_date: d(30), end_date: d(0) },
      { start_date: d(60), end_date: d(31) },
      { start_date: d(90), end_date: d(61) },
    ]);
    expect(searchWindows(0)).toHaveLength(13); // any time: the last 365 days
    const seen = queries().length;
    const old = searchTiktokResult.parse(await run({ search_term: "old recipe", period: 180, limit: 20 }));
    expect(old.videos.map((v) => v.author)).toEqual(["archive"]);
    expect(queries().length - seen).toBe(6); // every window asked, none refused as too long
    const many = searchTiktokResult.parse(await run({ search_term: "recipe", period: 30, limit: 20 }));
    expect(many.videos).toHaveLength(20);
    for (const bad of [{ limit: 21 }, { period: 14 }, { limit: 0 }])
      expect(searchTiktok.input.safeParse({ search_term: "x", ...bad }).success, JSON.stringify(bad)).toBe(false);
    expect(searchTiktok.input.safeParse({ search_term: "x", limit: 21 }).error!.issues[0]!.message).toBe(
      "At most 20 videos can be requested",
    );
  });

  it("[TOOL-19] include_comments adds each video's most-liked comments", async () => {
    const { videos } = searchTiktokResult.parse(await run({ search_term: "sourdough", include_comments: true }));
    expect(videos[0]!.comments).toEqual([
      { text: "best recipe ever", like_count: 80 },
      { text: "what flour?", like_count: 20 },
      { text: "trying this tonight", like_count: 5 },
    ]);
    const c = tt.requests.filter((r) => r.path === "/v2/research/video/comment/list/").at(-1)!;
    expect(c.query.fields).toBe("id,text,like_count");
    expect(c.body).toBe('{"video_id":7301234567890123457,"max_count":20}');
  });

  it("[TOOLCARD-44] TikTok's refusals are readable error texts, shown as they are", async () => {
    tt.next = {
      status: 429,
      code: "rate_limit_exceeded",
      message: "Daily quota exceeded",
      headers: { "retry-after": "3600" },
    };
    const limited = (await run({ search_term: "sourdough" })) as { status: string; error: string };
    expect(limited.error).toMatch(
      /^TikTok is rate-limiting these requests \(HTTP 429: Daily quota exceeded; log id \w+\); try again in 3600 s\.$/,
    );
    expect(statusLine("search_tiktok", { search_term: "sourdough" }, "error", limited)).toBe(limited.error);
    expect(statusLine("search_tiktok", {}, "error", { status: "error" })).toBe("An error occurred");
    tt.next = { status: 400, code: "invalid_params", message: "Invalid query" };
    expect(((await run({ search_term: "sourdough" })) as { error: string }).error).toMatch(
      /^TikTok answered HTTP 400: Invalid query; log id \w+$/,
    );
  });

  it("[TOOLCARD-44] a revoked token is renewed once; bad credentials and missing settings name what to set", async () => {
    tt.revokeTokens();
    expect((await run({ search_term: "sourdough" })).status).toBe("success");
    process.env.TIKTOK_CLIENT_SECRET = "wrong";
    tt.revokeTokens();
    try {
      expect(await run({ search_term: "sourdough" })).toEqual({
        status: "error",
        error:
          "TikTok rejected the configured credentials (Client key or secret is incorrect.). The server operator must check TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET.",
      });
      delete process.env.TIKTOK_CLIENT_KEY;
      expect(await run({ search_term: "sourdough" })).toEqual({
        status: "error",
        error:
          "TikTok is not configured on this server. The server operator must set TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET.",
      });
    } finally {
      Object.assign(process.env, { TIKTOK_CLIENT_KEY: KEY, TIKTOK_CLIENT_SECRET: SECRET });
    }
  });
});
