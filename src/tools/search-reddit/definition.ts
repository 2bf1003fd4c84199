import { z } from "zod";
import { defineTool } from "../define-tool";
import { SEARCHING, prefixedError, str } from "../status-parts";
import { REDDIT_TIME_FILTERS, text } from "../schema-parts";

export const searchReddit = defineTool({
  name: "search_reddit",
  displayName: "Search Reddit",
  description: "Search posts across Reddit for a term, optionally with their top comments.",
  category: "Web & Search",
  // Each outside call has its own 20 s limit; with comments a reply may take several.
  timeoutMs: 120_000,
  progressVerb: SEARCHING,
  statusLine: ({ ok, args, result }) =>
    ok ? `Searched Reddit for "${str(args.search_term)}"` : prefixedError("Error searching Reddit: ", result),
  input: z.object({
    search_term: text("What to search for."),
    time_filter: z.enum(REDDIT_TIME_FILTERS).default("all").describe("Only posts from this period (default all)."),
    limit: z.number().int().min(1).max(100).default(10).describe("How many posts to return (1 to 100, default 10)."),
    include_comments: z.boolean().default(false).describe("Also return each post's top comments."),
  }),
});
