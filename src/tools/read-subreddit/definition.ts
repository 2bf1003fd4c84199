import { z } from "zod";
import { defineTool } from "../define-tool";
import { prefixedError, str } from "../status-parts";
import { REDDIT_TIME_FILTERS, text } from "../schema-parts";

export const SUBREDDIT_ITEM_TYPES = ["top", "new", "controversial", "hot"] as const;

export const readSubreddit = defineTool({
  name: "read_subreddit",
  displayName: "Read Subreddit",
  description: "List posts from a subreddit (top, new, hot or controversial), optionally with their top comments.",
  category: "Web & Search",
  // Each outside call has its own 20 s limit; with comments a reply may take several.
  timeoutMs: 120_000,
  statusLine: ({ ok, args, result }) =>
    ok ? `Read r/${str(args.subreddit)}` : prefixedError("Error reading subreddit: ", result),
  input: z.object({
    subreddit: text("Subreddit name without the r/ prefix, e.g. datascience."),
    item_type: z.enum(SUBREDDIT_ITEM_TYPES).default("top").describe("Which listing to read (default top)."),
    time_filter: z
      .enum(REDDIT_TIME_FILTERS)
      .default("week")
      .describe("Period for top and controversial listings (default week)."),
    limit: z.number().int().min(1).max(100).default(10).describe("How many posts to return (1 to 100, default 10)."),
    include_comments: z.boolean().default(false).describe("Also return each post's top comments."),
  }),
});
