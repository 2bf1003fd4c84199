// search_knowledge_base: hybrid search over the knowledge bases the agent's configuration makes
// accessible (config.accessibleKnowledgeBaseIds), in the caller's organisation only. A knowledge base
// id outside that list is refused as if it did not exist.
import { AppError } from "../../server/errors";
import { findKnowledgeBases, searchKnowledgeBases } from "../../server/kb/index/service";
import { accessibleKbIds } from "../../server/kb/tool-access";
import { toolError, type ToolExecutor } from "../executor.server";
import type { searchKnowledgeBase } from "./definition";

export const NO_KNOWLEDGE_BASES = "This agent has no knowledge bases to search. Add one in the agent's settings.";
export const NOT_ACCESSIBLE = (id: string) => `Knowledge base ${id} was not found or this agent cannot access it.`;

export const execute: ToolExecutor<typeof searchKnowledgeBase> = async (input, ctx) => {
  const accessible = accessibleKbIds(ctx.toolConfig);
  const asked = input.knowledge_base_id === undefined ? null : String(input.knowledge_base_id).trim();
  if (asked !== null && !accessible.includes(asked)) return toolError(NOT_ACCESSIBLE(asked));
  const kbs = await findKnowledgeBases(ctx.orgId, asked === null ? accessible : [asked]);
  if (kbs.length === 0) return toolError(asked === null ? NO_KNOWLEDGE_BASES : NOT_ACCESSIBLE(asked));
  try {
    const results = await searchKnowledgeBases(
      ctx.orgId,
      kbs,
      {
        query: input.query,
        topK: input.top_k,
        mode: "hybrid",
        includeFileIds: input.include_file_ids,
        excludeFileIds: input.exclude_file_ids,
      },
      ctx.abortSignal,
    );
    return {
      status: "success",
      // knowledgeBaseId and fileId let the model follow up with read_kb_file / get_kb_file_pages.
      results: results.map((r) => ({
        knowledgeBaseId: r.knowledgeBaseId,
        knowledgeBaseName: r.knowledgeBaseName,
        fileId: r.fileId,
        fileName: r.fileName,
        pageNumbers: r.pageNumbers,
        searchType: r.searchType,
        similarityScore: r.similarityScore,
        content: r.content,
      })),
      totalResults: results.length,
      query: input.query,
    };
  } catch (err) {
    if (ctx.abortSignal.aborted) return toolError("The search was cancelled.");
    return toolError(err instanceof AppError || err instanceof Error ? err.message : String(err));
  }
};
