import { z } from "zod";

/** One video as search_tiktok returns it: caption, author and engagement (chat spec §2 cards). */
export const tiktokVideo = z.object({
  id: z.string(),
  url: z.string().nullish(),
  caption: z.string().nullish(),
  author: z.string().nullish(),
  created_at: z.string().nullish(),
  like_count: z.number().nullish(),
  comment_count: z.number().nullish(),
  share_count: z.number().nullish(),
  view_count: z.number().nullish(),
  comments: z.array(z.object({ text: z.string(), like_count: z.number().nullish() })).nullish(),
});
export type TiktokVideo = z.infer<typeof tiktokVideo>;
export const searchTiktokResult = z.object({ videos: z.array(tiktokVideo) });
