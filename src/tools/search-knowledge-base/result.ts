import { z } from "zod";

/** TOOL-33: one matching passage; similarityScore is 0 to 1. */
export const knowledgeBaseMatch = z.object({
  knowledgeBaseName: z.string(),
  fileName: z.string(),
  pageNumbers: z.array(z.number().int()),
  searchType: z.enum(["vector", "text"]),
  similarityScore: z.number(),
  content: z.string(),
});
export type KnowledgeBaseMatch = z.infer<typeof knowledgeBaseMatch>;

/** TOOL-33: the response around the matches. */
export const searchKnowledgeBaseResult = z.object({
  results: z.array(knowledgeBaseMatch),
  totalResults: z.number().int().min(0),
  query: z.string(),
});
export type SearchKnowledgeBaseResult = z.infer<typeof searchKnowledgeBaseResult>;
