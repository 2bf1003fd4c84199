// Reddit's listing JSON ({ kind: "Listing", data: { children: [{ kind: "t3", data: {…} }] } }) turned into
// the posts read_subreddit and search_reddit return, with each post's top comments when asked.
import type { RedditPost } from "../../tools/result-parts";
import { redditGet } from "./reddit";
import type { RedditApp } from "./reddit-token";
import { mapLimited, reasonOf } from "./service-fetch";

/** chat spec §9: a card shows up to 3 top comments per post; the model gets the same 3. */
export const TOP_COMMENTS = 3;
/** Long self-texts and comments are cut, to spare the model's context. */
const TEXT_MAX = 4_000;
const COMMENT_MAX = 1_500;
const COMMENT_CONCURRENCY = 4;

interface Thing {
  kind?: string;
  data?: Record<string, unknown>;
}
interface Listing {
  kind?: string;
  data?: { children?: Thing[] };
}

export type RedditResultPost = RedditPost & { id?: string; created_utc?: number; comments_error?: string };

const clip = (s: unknown, max: number) => {
  const t = typeof s === "string" ? s : "";
  return t.length > max ? `${t.slice(0, max)}…` : t;
};
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
const strOrNull = (v: unknown) => (typeof v === "string" ? v : null);

export function postsOf(listing: unknown): RedditResultPost[] {
  const children = (listing as Listing)?.data?.children ?? [];
  return children
    .filter((c) => c.kind === "t3" && c.data)
    .map(({ data: d = {} }) => ({
      id: strOrNull(d.id) ?? undefined,
      title: String(d.title ?? ""),
      subreddit: strOrNull(d.subreddit),
      author: strOrNull(d.author),
      url: strOrNull(d.url),
      permalink: strOrNull(d.permalink),
      score: num(d.score),
      num_comments: num(d.num_comments),
      created_utc: num(d.created_utc) ?? undefined,
      selftext: clip(d.selftext, TEXT_MAX),
    }));
}

async function topComments(app: RedditApp, post: RedditResultPost, signal: AbortSignal) {
  const path = `/r/${encodeURIComponent(post.subreddit ?? "")}/comments/${encodeURIComponent(post.id ?? "")}?sort=top&limit=${TOP_COMMENTS}&depth=1&raw_json=1`;
  const [, comments] = (await redditGet(app, path, signal)) as [Listing, Listing];
  return (comments?.data?.children ?? [])
    .filter((c) => c.kind === "t1" && c.data)
    .slice(0, TOP_COMMENTS)
    .map(({ data: d = {} }) => ({ author: strOrNull(d.author), body: clip(d.body, COMMENT_MAX), score: num(d.score) }));
}

/** Adds each post's top comments; a post whose comments cannot be read keeps the reason instead. */
export async function withComments(
  app: RedditApp,
  posts: RedditResultPost[],
  signal: AbortSignal,
): Promise<RedditResultPost[]> {
  return mapLimited(posts, COMMENT_CONCURRENCY, async (post) => {
    if (!post.id || !post.subreddit) return { ...post, comments: [] };
    try {
      return { ...post, comments: await topComments(app, post, signal) };
    } catch (err) {
      signal.throwIfAborted();
      return { ...post, comments: [], comments_error: reasonOf(err) };
    }
  });
}
