// search_reddit: Reddit's site-wide search of posts (GET /search?type=link) through its OAuth API
// (server/web-apis/reddit.ts), optionally with each post's top 3 comments. Every failure is
// "Error searching Reddit: {reason}".
import { redditApp, redditGet } from "../../server/web-apis/reddit";
import { postsOf, withComments } from "../../server/web-apis/reddit-posts";
import { reasonOf } from "../../server/web-apis/service-fetch";
import { toolError, type ToolExecutor } from "../executor.server";
import type { searchReddit } from "./definition";

export const SEARCH_REDDIT_ERROR = "Error searching Reddit: ";

export const execute: ToolExecutor<typeof searchReddit> = async (input, ctx) => {
  const params = new URLSearchParams({
    q: input.search_term,
    t: input.time_filter,
    limit: String(input.limit),
    type: "link",
    raw_json: "1",
  });
  try {
    const app = await redditApp(ctx.orgId);
    let posts = postsOf(await redditGet(app, `/search?${params}`, ctx.abortSignal)).slice(0, input.limit);
    if (input.include_comments) posts = await withComments(app, posts, ctx.abortSignal);
    return { status: "success", search_term: input.search_term, posts };
  } catch (err) {
    return toolError(`${SEARCH_REDDIT_ERROR}${ctx.abortSignal.aborted ? "The request was cancelled." : reasonOf(err)}`);
  }
};
