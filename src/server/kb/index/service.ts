// Search as the route and the tool call it: the organisation's knowledge bases looked up, the query
// embedded once per embedding model with that model, the index searched, file names attached.
import { and, eq, inArray } from "drizzle-orm";
import { db } from "../../db/client";
import { kbFile, knowledgeBase } from "../../db/tables";
import { resolveEmbeddingModel } from "../../ai/embedding-models";
import { aiSdk } from "../../ai/sdk";
import type { KbSearchResult } from "../../../shared/kb-search";
import { searchChunks } from "./search";
import type { SearchMode } from "./types";
import { isUuid } from "../../db/row-id";

export interface KbRef {
  id: string;
  name: string;
  embeddingModel: string;
}

/** The organisation's knowledge bases among `ids` (others' and unknown ids are left out). */
export async function findKnowledgeBases(orgId: string, ids: readonly string[]): Promise<KbRef[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  return db()
    .select({ id: knowledgeBase.id, name: knowledgeBase.name, embeddingModel: knowledgeBase.embeddingModel })
    .from(knowledgeBase)
    .where(and(eq(knowledgeBase.organizationId, orgId), inArray(knowledgeBase.id, valid)));
}

export interface KbSearchRequest {
  query: string;
  topK: number;
  mode: SearchMode;
  includeFileIds?: string[];
  excludeFileIds?: string[];
}

export async function searchKnowledgeBases(
  orgId: string,
  kbs: readonly KbRef[],
  req: KbSearchRequest,
  abortSignal?: AbortSignal,
): Promise<KbSearchResult[]> {
  const byModel = new Map<string, KbRef[]>();
  for (const kb of kbs) byModel.set(kb.embeddingModel, [...(byModel.get(kb.embeddingModel) ?? []), kb]);
  const hits = [];
  for (const [modelKey, group] of byModel) {
    const queryEmbedding =
      req.mode === "text"
        ? null
        : (
            await (
              await aiSdk()
            ).embed({
              model: await resolveEmbeddingModel({ orgId, modelKey }),
              value: req.query,
              maxRetries: 2,
              abortSignal,
            })
          ).embedding;
    hits.push(...(await searchChunks(orgId, { ...req, knowledgeBaseIds: group.map((k) => k.id), queryEmbedding })));
  }
  // Several embedding models: fused scores are per search, so the groups merge on the shown score.
  if (byModel.size > 1) hits.sort((a, b) => b.similarityScore - a.similarityScore);
  const top = hits.slice(0, req.topK);
  const fileIds = [...new Set(top.map((h) => h.fileId))];
  const files =
    fileIds.length === 0
      ? []
      : await db()
          .select({ id: kbFile.id, fileName: kbFile.fileName })
          .from(kbFile)
          .where(and(eq(kbFile.organizationId, orgId), inArray(kbFile.id, fileIds)));
  const fileName = new Map(files.map((f) => [f.id, f.fileName]));
  const kbName = new Map(kbs.map((k) => [k.id, k.name]));
  return top.map((h) => ({
    knowledgeBaseId: h.knowledgeBaseId,
    knowledgeBaseName: kbName.get(h.knowledgeBaseId) ?? "",
    fileId: h.fileId,
    fileName: fileName.get(h.fileId) ?? "",
    chunkIndex: h.chunkIndex,
    pageNumbers: h.pageNumber === null ? [] : [h.pageNumber],
    searchType: h.searchType,
    similarityScore: h.similarityScore,
    content: h.content,
  }));
}
