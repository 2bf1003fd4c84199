// A loopback stand-in for Reddit's OAuth API, in its documented wire format:
// - POST /api/v1/access_token, Basic auth with the app's id and secret, form body
//   grant_type=client_credentials → { access_token, token_type: "bearer", expires_in, scope }
//   (https://github.com/reddit-archive/reddit/wiki/OAuth2#application-only-oauth); wrong credentials → 401
//   { message: "Unauthorized", error: 401 }.
// - GET /r/{sub}/{top|new|controversial|hot}?t=&limit= and GET /search?q=&t=&limit=&type=link
//   → { kind: "Listing", data: { after, before, dist, children: [{ kind: "t3", data: {…} }] } }
//   (https://www.reddit.com/dev/api#GET_{sort}, #GET_search); a private subreddit → 403
//   { reason: "private", message: "Forbidden", error: 403 }, a banned one → 404 { reason: "banned", … },
//   an unknown one → 404 { message: "Not Found", error: 404 }.
// - GET /r/{sub}/comments/{id}?sort=top&limit= → [postListing, commentListing] with t1 comments
//   (https://www.reddit.com/dev/api#GET_comments_{article}).
// Every API answer carries X-Ratelimit-Used / -Remaining / -Reset; `next` makes the next API call answer
// a given status (429 with Retry-After, like Reddit's throttling).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeRedditPost {
  id: string;
  title: string;
  selftext?: string;
  author?: string;
  score?: number;
  url?: string;
  created_utc?: number;
  comments?: { author: string; body: string; score: number }[];
}

export interface FakeRedditRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface FakeReddit {
  url: string;
  requests: FakeRedditRequest[];
  tokensIssued: number;
  /** Rate-limit headers of the next answers (Reddit's budget: 1000 per 10 minutes for OAuth clients). */
  rateLimit: { remaining: number; reset: number };
  /** The next API call (not the token call), or the next whose path starts with `path`, answers this instead. */
  next: { status: number; headers?: Record<string, string>; body?: unknown; delayMs?: number; path?: string } | null;
  /** The apps whose credentials get a token: the one started with, and any a test adds (organisations' own). */
  apps: { clientId: string; clientSecret: string }[];
  /** The client id each issued token was given to. */
  tokenClients: Map<string, string>;
  /** Makes every access token issued so far invalid, as when Reddit revokes them. */
  revokeTokens(): void;
  close(): Promise<void>;
}

export async function startFakeReddit(opts: {
  clientId: string;
  clientSecret: string;
  subreddits: Record<string, { posts?: FakeRedditPost[]; private?: boolean; banned?: boolean }>;
  expiresIn?: number;
}): Promise<FakeReddit> {
  const valid = new Set<string>();
  const thing = (sub: string, p: FakeRedditPost) => ({
    kind: "t3",
    data: {
      id: p.id,
      name: `t3_${p.id}`,
      subreddit: sub,
      subreddit_name_prefixed: `r/${sub}`,
      title: p.title,
      selftext: p.selftext ?? "",
      author: p.author ?? "[deleted]",
      score: p.score ?? 1,
      ups: p.score ?? 1,
      num_comments: p.comments?.length ?? 0,
      permalink: `/r/${sub}/comments/${p.id}/${p.title.toLowerCase().replace(/\W+/g, "_").slice(0, 40)}/`,
      url: p.url ?? `https://www.reddit.com/r/${sub}/comments/${p.id}/`,
      created_utc: p.created_utc ?? 1_700_000_000,
      over_18: false,
      is_self: !p.url,
    },
  });
  const listing = (children: unknown[]) => ({
    kind: "Listing",
    data: { after: null, before: null, dist: children.length, modhash: "", children },
  });

  const fake: FakeReddit = {
    url: "",
    requests: [],
    tokensIssued: 0,
    rateLimit: { remaining: 995, reset: 420 },
    next: null,
    apps: [{ clientId: opts.clientId, clientSecret: opts.clientSecret }],
    tokenClients: new Map(),
    revokeTokens: () => valid.clear(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? "/", "http://x");
    const body = Buffer.concat(chunks).toString("utf8");
    fake.requests.push({
      method: req.method ?? "",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body,
    });
    const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json; charset=UTF-8", ...headers });
      res.end(JSON.stringify(json));
    };

    if (req.method === "POST" && url.pathname === "/api/v1/access_token") {
      const app = fake.apps.find(
        (a) =>
          req.headers.authorization === `Basic ${Buffer.from(`${a.clientId}:${a.clientSecret}`).toString("base64")}`,
      );
      if (!app) return send(401, { message: "Unauthorized", error: 401 });
      if (new URLSearchParams(body).get("grant_type") !== "client_credentials")
        return send(200, { error: "unsupported_grant_type" });
      const token = `fake-reddit-token-${++fake.tokensIssued}`;
      valid.add(token);
      fake.tokenClients.set(token, app.clientId);
      return send(200, { access_token: token, token_type: "bearer", expires_in: opts.expiresIn ?? 86400, scope: "*" });
    }

    const auth = String(req.headers.authorization ?? "");
    if (!auth.startsWith("Bearer ") || !valid.has(auth.slice(7)))
      return send(401, { message: "Unauthorized", error: 401 });
    fake.rateLimit.remaining = Math.max(0, fake.rateLimit.remaining - 1);
    const limits = {
      "x-ratelimit-used": String(1000 - fake.rateLimit.remaining),
      "x-ratelimit-remaining": `${fake.rateLimit.remaining}.0`,
      "x-ratelimit-reset": String(fake.rateLimit.reset),
    };
    if (fake.next && url.pathname.startsWith(fake.next.path ?? "/")) {
      const { status, headers, body: b, delayMs } = fake.next;
      fake.next = null;
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return send(status, b ?? { message: "Too Many Requests", error: status }, { ...limits, ...headers });
    }
    const limit = Math.min(100, Number(url.searchParams.get("limit") ?? 25));

    if (req.method === "GET" && url.pathname === "/search") {
      const q = (url.searchParams.get("q") ?? "").toLowerCase();
      const hits = Object.entries(opts.subreddits).flatMap(([sub, s]) =>
        s.private || s.banned
          ? []
          : (s.posts ?? [])
              .filter((p) => `${p.title} ${p.selftext ?? ""}`.toLowerCase().includes(q))
              .map((p) => thing(sub, p)),
      );
      return send(200, listing(hits.slice(0, limit)), limits);
    }

    const m = url.pathname.match(/^\/r\/([^/]+)\/(top|new|controversial|hot|comments\/([^/]+))\/?$/);
    const sub = m ? Object.keys(opts.subreddits).find((k) => k.toLowerCase() === m[1]!.toLowerCase()) : undefined;
    if (!m || !sub) return send(404, { message: "Not Found", error: 404 }, limits);
    const s = opts.subreddits[sub]!;
    if (s.banned) return send(404, { reason: "banned", message: "Not Found", error: 404 }, limits);
    if (s.private) return send(403, { reason: "private", message: "Forbidden", error: 403 }, limits);
    const posts = s.posts ?? [];
    if (m[3]) {
      const post = posts.find((p) => p.id === m[3]);
      if (!post) return send(404, { message: "Not Found", error: 404 }, limits);
      const comments = [...(post.comments ?? [])]
        .sort((a, b) => b.score - a.score)
        .slice(0, limit)
        .map((c, i) => ({
          kind: "t1",
          data: { id: `c${i}`, author: c.author, body: c.body, score: c.score, depth: 0 },
        }));
      const more = { kind: "more", data: { count: 5, children: ["x1", "x2"] } };
      return send(200, [listing([thing(sub, post)]), listing([...comments, more])], limits);
    }
    const ordered = m[2] === "new" ? [...posts].sort((a, b) => (b.created_utc ?? 0) - (a.created_utc ?? 0)) : posts;
    return send(200, listing(ordered.slice(0, limit).map((p) => thing(sub, p))), limits);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
