// read_subreddit: one listing of a subreddit through Reddit's OAuth API (server/web-apis/reddit.ts),
// optionally with each post's top 3 comments. Every failure is "Error reading subreddit: {reason}".
import { redditApp, redditGet } from "../../server/web-apis/reddit";
import { postsOf, withComments } from "../../server/web-apis/reddit-posts";
import { reasonOf } from "../../server/web-apis/service-fetch";
import { toolError, type ToolExecutor } from "../executor.server";
import type { readSubreddit } from "./definition";

export const READ_SUBREDDIT_ERROR = "Error reading subreddit: ";
/** Reddit's own rule for community names: 2 to 21 letters, digits or underscores. */
const SUBREDDIT_NAME = /^[A-Za-z0-9][A-Za-z0-9_]{1,20}$/;

export const execute: ToolExecutor<typeof readSubreddit> = async (input, ctx) => {
  const name = input.subreddit.replace(/^\/?r\//i, "").replace(/\/+$/, "");
  if (!SUBREDDIT_NAME.test(name))
    return toolError(
      `${READ_SUBREDDIT_ERROR}"${input.subreddit}" is not a subreddit name (2 to 21 letters, digits or underscores)`,
    );
  const params = new URLSearchParams({ limit: String(input.limit), raw_json: "1" });
  // Reddit reads the period only for the top and controversial listings.
  if (input.item_type === "top" || input.item_type === "controversial") params.set("t", input.time_filter);
  try {
    const app = await redditApp(ctx.orgId);
    const listing = await redditGet(
      app,
      `/r/${name}/${input.item_type}?${params}`,
      ctx.abortSignal,
      ({ status, reason }) => {
        if (status === 404) return reason === "banned" ? `r/${name} has been banned` : `r/${name} was not found`;
        if (status === 403) return reason === "quarantined" ? `r/${name} is quarantined` : `r/${name} is private`;
        return undefined;
      },
    );
    let posts = postsOf(listing).slice(0, input.limit);
    if (input.include_comments) posts = await withComments(app, posts, ctx.abortSignal);
    return { status: "success", subreddit: name, item_type: input.item_type, posts };
  } catch (err) {
    return toolError(
      `${READ_SUBREDDIT_ERROR}${ctx.abortSignal.aborted ? "The request was cancelled." : reasonOf(err)}`,
    );
  }
};
