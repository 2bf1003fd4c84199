import { z } from "zod";

/** TOOL-35: the pages' text and, per page, the storage key of its image. */
export const kbFilePagesResult = z.object({
  file: z.object({
    fileName: z.string(),
    knowledgeBaseName: z.string().nullish(),
  }),
  pages: z.array(z.number().int()),
  text: z.string(),
  images: z.array(z.object({ page: z.number().int(), key: z.string() })),
});
export type KbFilePagesResult = z.infer<typeof kbFilePagesResult>;
