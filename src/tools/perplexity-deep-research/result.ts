import { z } from "zod";

/** TOOL-12: a cited report with what the research used. */
export const deepResearchResult = z.object({
  message: z.string(),
  citations: z.array(z.string()),
  usage: z
    .object({
      numSearchQueries: z.number().nullish(),
      reasoningTokens: z.number().nullish(),
      totalTokens: z.number().nullish(),
    })
    .nullish(),
  searchResults: z
    .array(z.object({ url: z.string(), title: z.string().nullish(), date: z.string().nullish() }))
    .nullish(),
});
export type DeepResearchResult = z.infer<typeof deepResearchResult>;
