// search_tiktok: TikTok's Research API video query (server/web-apis/tiktok.ts) for videos whose keywords
// hold the term in the chosen period, with captions, authors and engagement, and optionally each video's
// most-liked comments. Errors are TikTok's own message made readable (the card shows it as it is).
import { tiktokApp, tiktokPost } from "../../server/web-apis/tiktok";
import { mapLimited, reasonOf } from "../../server/web-apis/service-fetch";
import { toolError, type ToolExecutor } from "../executor.server";
import type { searchTiktok } from "./definition";
import { searchWindows } from "./dates";
import type { TiktokVideo } from "./result";

const VIDEO_FIELDS = "id,video_description,create_time,username,like_count,comment_count,share_count,view_count";
const COMMENT_FIELDS = "id,text,like_count";
/** Comments read per video, of which the most liked are kept (as Reddit's 3, chat spec §9). */
const COMMENTS_READ = 20;
export const TOP_COMMENTS = 3;

interface ApiVideo {
  id: string;
  video_description?: string;
  create_time?: number;
  username?: string;
  like_count?: number;
  comment_count?: number;
  share_count?: number;
  view_count?: number;
}

const toVideo = (v: ApiVideo): TiktokVideo => ({
  id: String(v.id),
  url: v.username ? `https://www.tiktok.com/@${v.username}/video/${v.id}` : null,
  caption: v.video_description ?? null,
  author: v.username ?? null,
  created_at: typeof v.create_time === "number" ? new Date(v.create_time * 1000).toISOString() : null,
  like_count: v.like_count ?? null,
  comment_count: v.comment_count ?? null,
  share_count: v.share_count ?? null,
  view_count: v.view_count ?? null,
});

/** The ids are 64-bit: sent as a bare JSON integer, never through a JavaScript number. */
const commentQuery = (id: string) =>
  `{"video_id":${/^\d+$/.test(id) ? id : JSON.stringify(id)},"max_count":${COMMENTS_READ}}`;

export const execute: ToolExecutor<typeof searchTiktok> = async (input, ctx) => {
  try {
    const app = await tiktokApp(ctx.orgId);
    const videos: TiktokVideo[] = [];
    for (const window of searchWindows(input.period)) {
      const query = {
        query: { and: [{ operation: "IN", field_name: "keyword", field_values: [input.search_term] }] },
        ...window,
        max_count: input.limit - videos.length,
      };
      const data = await tiktokPost<{ videos?: ApiVideo[] }>(
        app,
        "/v2/research/video/query/",
        VIDEO_FIELDS,
        JSON.stringify(query),
        ctx.abortSignal,
      );
      videos.push(...(data.videos ?? []).map(toVideo));
      if (videos.length >= input.limit) break;
    }
    const found = videos.slice(0, input.limit);
    const result = input.include_comments
      ? await mapLimited(found, 4, async (v) => {
          const data = await tiktokPost<{ comments?: { text?: string; like_count?: number }[] }>(
            app,
            "/v2/research/video/comment/list/",
            COMMENT_FIELDS,
            commentQuery(v.id),
            ctx.abortSignal,
          );
          const comments = (data.comments ?? [])
            .map((c) => ({ text: String(c.text ?? ""), like_count: c.like_count ?? null }))
            .sort((a, b) => (b.like_count ?? 0) - (a.like_count ?? 0))
            .slice(0, TOP_COMMENTS);
          return { ...v, comments };
        })
      : found;
    return { status: "success", search_term: input.search_term, period: input.period, videos: result };
  } catch (err) {
    return toolError(ctx.abortSignal.aborted ? "The TikTok search was cancelled." : reasonOf(err));
  }
};
