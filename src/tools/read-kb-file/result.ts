import { z } from "zod";

/** TOOL-37: a window of chunks; nextOffset continues the read (null at the end); truncatedChunks counts chunks cut to fit max_chars. */
export const readKbFileResult = z.object({
  file: z.object({
    fileName: z.string(),
    knowledgeBaseName: z.string(),
    totalChunks: z.number().int().min(0),
  }),
  text: z.string(),
  chunksReturned: z.number().int().min(0),
  nextOffset: z.number().int().min(0).nullable(),
  truncatedChunks: z.number().int().min(0),
});
export type ReadKbFileResult = z.infer<typeof readKbFileResult>;
