import { z } from "zod";
import { defineTool } from "../define-tool";
import { SEARCHING, str } from "../status-parts";
import { text } from "../schema-parts";

/** Days back to search; 0 means any time. */
export const TIKTOK_PERIODS = [0, 1, 7, 30, 90, 180] as const;
export const TIKTOK_MAX_LIMIT = 20;

export const searchTiktok = defineTool({
  name: "search_tiktok",
  displayName: "Search TikTok",
  description:
    "Search TikTok videos for a term and return their captions, authors and engagement, optionally with comments.",
  category: "Web & Search",
  // Each outside call has its own 20 s limit; with comments a reply may take several.
  timeoutMs: 120_000,
  progressVerb: SEARCHING,
  statusLine: ({ ok, args, result }) =>
    ok
      ? `Searched TikTok for "${str(args.search_term)}"`
      : typeof result.error === "string" && result.error
        ? result.error
        : "An error occurred",
  input: z.object({
    search_term: text("What to search for."),
    period: z
      .union([z.literal(0), z.literal(1), z.literal(7), z.literal(30), z.literal(90), z.literal(180)])
      .default(7)
      .describe("Only videos from the last N days: 0 (any time), 1, 7, 30, 90 or 180 (default 7)."),
    limit: z
      .number()
      .int()
      .min(1)
      .max(TIKTOK_MAX_LIMIT, `At most ${TIKTOK_MAX_LIMIT} videos can be requested`)
      .default(10)
      .describe(`How many videos to return (1 to ${TIKTOK_MAX_LIMIT}, default 10).`),
    include_comments: z.boolean().default(false).describe("Also return each video's top comments."),
  }),
});
