// POST /api/kb/search (issue 12, for scripts; the search_knowledge_base tool uses the same search).
import { z } from "zod";

export const KB_SEARCH_MAX_TOP_K = 50;

const fileIds = z.array(z.string().trim().min(1), { message: "File ids must be a list of ids" }).max(1000);

export const kbSearchInput = z.object({
  knowledgeBaseId: z.string({ message: "knowledgeBaseId is required" }).trim().min(1, "knowledgeBaseId is required"),
  query: z.string({ message: "query is required" }).trim().min(1, "query is required").max(10_000, "query is too long"),
  topK: z
    .number({ message: "topK must be a whole number from 1 to 50" })
    .int("topK must be a whole number from 1 to 50")
    .min(1, "topK must be a whole number from 1 to 50")
    .max(KB_SEARCH_MAX_TOP_K, "topK must be a whole number from 1 to 50")
    .default(10),
  includeFileIds: fileIds.optional(),
  excludeFileIds: fileIds.optional(),
  mode: z
    .enum(["hybrid", "vector", "text"], { message: 'mode must be "hybrid", "vector" or "text"' })
    .default("hybrid"),
});
export type KbSearchInput = z.infer<typeof kbSearchInput>;

/** One passage: the tool's result fields (TOOL-33) plus the ids a script needs. */
export interface KbSearchResult {
  knowledgeBaseId: string;
  knowledgeBaseName: string;
  fileId: string;
  fileName: string;
  chunkIndex: number;
  pageNumbers: number[];
  searchType: "vector" | "text";
  similarityScore: number;
  content: string;
}
