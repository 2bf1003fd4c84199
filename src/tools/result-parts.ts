// Result shapes several tools share (chat spec §3), safe on both sides: the server builds them, the chat
// card parses them before rendering a tool-specific view.
import { z } from "zod";

/** TOOLCARD-24: a file a tool generated, downloadable through its storage path. */
export const generatedFile = z.object({
  fileId: z.string(),
  r2_path: z.string().min(1),
  filename: z.string().min(1),
  contentType: z.string(),
  size: z.number().int().min(0),
});
export type GeneratedFile = z.infer<typeof generatedFile>;

/** TOOL-28: the Postgres searches (hybrid, semantic, keyword, filter) return items with an optional title and content. */
export const pgSearchItem = z.object({
  title: z.string().nullish(),
  content: z.string(),
});
export type PgSearchItem = z.infer<typeof pgSearchItem>;
export const pgSearchResult = z.array(pgSearchItem);

/** A Reddit post as read_subreddit and search_reddit return it; comments only when include_comments. */
export const redditComment = z.object({
  author: z.string().nullish(),
  body: z.string(),
  score: z.number().nullish(),
});
export const redditPost = z.object({
  title: z.string(),
  subreddit: z.string().nullish(),
  author: z.string().nullish(),
  url: z.string().nullish(),
  permalink: z.string().nullish(),
  score: z.number().nullish(),
  num_comments: z.number().nullish(),
  selftext: z.string().nullish(),
  comments: z.array(redditComment).nullish(),
});
export type RedditPost = z.infer<typeof redditPost>;
export const redditResult = z.object({ posts: z.array(redditPost) });
