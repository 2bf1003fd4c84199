// A loopback stand-in for TikTok's Research API, in its documented wire format:
// - POST /v2/oauth/token/ (form: client_key, client_secret, grant_type=client_credentials) →
//   { access_token, expires_in, token_type: "Bearer" }; a wrong key or secret → 401
//   { error: "invalid_client", error_description, log_id }
//   (https://developers.tiktok.com/doc/client-access-token-management).
// - POST /v2/research/video/query/?fields=… with { query: { and: [{ operation: "IN", field_name: "keyword",
//   field_values }] }, start_date, end_date (YYYYMMDD, at most 30 days apart), max_count (≤ 100) } →
//   { data: { videos, cursor, has_more, search_id }, error: { code: "ok", message: "", log_id } }
//   (https://developers.tiktok.com/doc/research-api-specs-query-videos). Video ids are 64-bit integers
//   written as bare JSON numbers, as TikTok writes them.
// - POST /v2/research/video/comment/list/?fields=… with { video_id, max_count } → { data: { comments,
//   cursor, has_more }, error } (https://developers.tiktok.com/doc/research-api-specs-query-video-comments).
// Errors: 401 access_token_invalid, 400 invalid_params, 429 rate_limit_exceeded (with Retry-After via `next`).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeTiktokVideo {
  id: string;
  video_description: string;
  username: string;
  /** Unix seconds. */
  create_time: number;
  like_count?: number;
  comment_count?: number;
  share_count?: number;
  view_count?: number;
  comments?: { text: string; like_count: number }[];
}

export interface FakeTiktokRequest {
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface FakeTiktok {
  url: string;
  requests: FakeTiktokRequest[];
  tokensIssued: number;
  next: { status: number; code: string; message: string; headers?: Record<string, string> } | null;
  /** The apps whose credentials get a token: the one started with, and any a test adds (organisations' own). */
  apps: { clientKey: string; clientSecret: string }[];
  /** The client key each issued token was given to. */
  tokenClients: Map<string, string>;
  revokeTokens(): void;
  close(): Promise<void>;
}

const logId = () => `2024${Math.random().toString(16).slice(2, 14).toUpperCase()}`;
const ymdToSec = (s: string) => Date.UTC(+s.slice(0, 4), +s.slice(4, 6) - 1, +s.slice(6, 8)) / 1000;
/** Writes quoted numeric ids as bare 64-bit integers, the way TikTok's JSON carries them. */
const bareIds = (json: string) => json.replace(/"id":"(\d+)"/g, '"id":$1');

export async function startFakeTiktok(opts: {
  clientKey: string;
  clientSecret: string;
  videos: FakeTiktokVideo[];
}): Promise<FakeTiktok> {
  const valid = new Set<string>();
  const fake: FakeTiktok = {
    url: "",
    requests: [],
    tokensIssued: 0,
    next: null,
    apps: [{ clientKey: opts.clientKey, clientSecret: opts.clientSecret }],
    tokenClients: new Map(),
    revokeTokens: () => valid.clear(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? "/", "http://x");
    const raw = Buffer.concat(chunks).toString("utf8");
    fake.requests.push({
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body: raw,
    });
    const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(bareIds(JSON.stringify(json)));
    };
    const fail = (status: number, code: string, message: string, headers?: Record<string, string>) =>
      send(status, { data: {}, error: { code, message, log_id: logId() } }, headers);

    if (req.method === "POST" && url.pathname === "/v2/oauth/token/") {
      const form = new URLSearchParams(raw);
      const app = fake.apps.find(
        (a) => form.get("client_key") === a.clientKey && form.get("client_secret") === a.clientSecret,
      );
      if (!app)
        return send(401, {
          error: "invalid_client",
          error_description: "Client key or secret is incorrect.",
          log_id: logId(),
        });
      const token = `clt.fake-${++fake.tokensIssued}`;
      valid.add(token);
      fake.tokenClients.set(token, app.clientKey);
      return send(200, { access_token: token, expires_in: 7200, token_type: "Bearer" });
    }
    if (req.method !== "POST") return fail(404, "invalid_request", "Not found");
    const auth = String(req.headers.authorization ?? "");
    if (!valid.has(auth.replace(/^Bearer /, "")))
      return fail(401, "access_token_invalid", "The access token is invalid or not found in the request.");
    if (fake.next) {
      const { status, code, message, headers } = fake.next;
      fake.next = null;
      return fail(status, code, message, headers);
    }
    let body: Record<string, any>;
    try {
      body = JSON.parse(raw.replace(/"video_id":(\d+)/, '"video_id":"$1"'));
    } catch {
      return fail(400, "invalid_params", "Invalid JSON body");
    }
    const fields = (url.searchParams.get("fields") ?? "").split(",");
    const pick = (o: Record<string, unknown>) => Object.fromEntries(fields.filter((f) => f in o).map((f) => [f, o[f]]));

    if (url.pathname === "/v2/research/video/query/") {
      const { start_date: s, end_date: e, max_count: max = 20 } = body;
      if (!/^\d{8}$/.test(s ?? "") || !/^\d{8}$/.test(e ?? ""))
        return fail(400, "invalid_params", "start_date and end_date are required in YYYYMMDD format");
      if (ymdToSec(e) - ymdToSec(s) > 30 * 86400)
        return fail(400, "invalid_params", "end_date must be no more than 30 days after start_date");
      if (max > 100) return fail(400, "invalid_params", "max_count must be at most 100");
      const cond = body.query?.and?.[0];
      const terms: string[] = cond?.field_name === "keyword" && cond.operation === "IN" ? cond.field_values : [];
      const hits = opts.videos.filter(
        (v) =>
          terms.some((t) => v.video_description.toLowerCase().includes(t.toLowerCase())) &&
          v.create_time >= ymdToSec(s) &&
          v.create_time < ymdToSec(e) + 86400,
      );
      return send(200, {
        data: {
          videos: hits.slice(0, max).map((v) => pick({ ...v, comments: undefined })),
          cursor: Math.min(max, hits.length),
          has_more: hits.length > max,
          search_id: "7201388084321098757",
        },
        error: { code: "ok", message: "", log_id: logId() },
      });
    }
    if (url.pathname === "/v2/research/video/comment/list/") {
      const video = opts.videos.find((v) => v.id === body.video_id);
      if (!video) return fail(400, "invalid_params", `Video ${body.video_id} not found`);
      const comments = (video.comments ?? [])
        .slice(0, body.max_count ?? 10)
        .map((c, i) => pick({ id: `${video.id}${i}`, ...c }));
      return send(200, {
        data: { comments, cursor: comments.length, has_more: false },
        error: { code: "ok", message: "", log_id: logId() },
      });
    }
    return fail(404, "invalid_request", "Not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
