// Knowledge-base search: BM25 and vector candidates fused by weighted reciprocal rank (decision 048),
// restricted to the organisation and the given knowledge bases.
import { sql, type SQL } from "drizzle-orm";
import { db } from "../../db/client";
import { bm25Search } from "./bm25";
import { denseSearch } from "./dense";
import { rows, textArray } from "./sql-parts";
import type { SearchHit, SearchOptions } from "./types";

/**
 * Reciprocal rank fusion, weighted: with a weak dense leg (the deterministic stand-in embeddings of
 * the tests and bench) equal weights pull hybrid below BM25; measured in bench/kb-scifact.ts.
 */
export const FUSION = { k: 60, textWeight: 1, vectorWeight: 0.5 };
/** Candidates each leg hands to the fusion (at least topK). */
export const CANDIDATES = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids that are not uuids cannot name a chunk's file or knowledge base: they match nothing. */
const uuids = (ids: readonly string[] | undefined) => (ids ?? []).filter((id) => UUID.test(id));

function fileFilter(opts: SearchOptions): SQL | null {
  const parts: SQL[] = [];
  if (opts.includeFileIds) parts.push(sql`c.file_id = any(${textArray(uuids(opts.includeFileIds))}::uuid[])`);
  const excluded = uuids(opts.excludeFileIds);
  if (excluded.length > 0) parts.push(sql`c.file_id <> all(${textArray(excluded)}::uuid[])`);
  return parts.length > 0 ? sql.join(parts, sql` and `) : null;
}

interface Fused {
  chunkId: number;
  searchType: "vector" | "text";
  similarityScore: number;
  fused: number;
}

export async function searchChunks(orgId: string, opts: SearchOptions): Promise<SearchHit[]> {
  const kbIds = uuids(opts.knowledgeBaseIds);
  const query = opts.query.trim();
  if (kbIds.length === 0 || opts.topK < 1) return [];
  const useText = opts.mode !== "vector" && query.length > 0;
  const useVector = opts.mode !== "text" && opts.queryEmbedding !== null && opts.queryEmbedding.length > 0;
  const limit = Math.max(opts.topK, opts.mode === "hybrid" ? CANDIDATES : 0);
  const filter = fileFilter(opts);

  return db().transaction(async (tx) => {
    const text = useText ? await bm25Search(tx, { orgId, kbIds, query, limit, fileFilter: filter }) : [];
    const dense = useVector
      ? await denseSearch(tx, { orgId, kbIds, embedding: opts.queryEmbedding!, limit, fileFilter: filter })
      : [];
    const fused = fuse(text, dense).slice(0, opts.topK);
    if (fused.length === 0) return [];
    const ids = fused.map((f) => String(f.chunkId));
    const found = rows<{
      id: string | number;
      knowledge_base_id: string;
      file_id: string;
      chunk_index: number;
      page_number: number | null;
      content: string;
    }>(
      await tx.execute(sql`
        select id, knowledge_base_id, file_id, chunk_index, page_number, content from kb_chunk
        where organization_id = ${orgId} and id = any(${textArray(ids)}::bigint[])`),
    );
    const byId = new Map(found.map((r) => [Number(r.id), r]));
    return fused.flatMap((f) => {
      const r = byId.get(f.chunkId);
      if (!r) return [];
      return [
        {
          chunkId: String(f.chunkId),
          knowledgeBaseId: r.knowledge_base_id,
          fileId: r.file_id,
          chunkIndex: r.chunk_index,
          pageNumber: r.page_number,
          content: r.content,
          searchType: f.searchType,
          similarityScore: f.similarityScore,
        },
      ];
    });
  });
}

/**
 * Weighted RRF over the two ranked lists. A chunk's searchType is the leg that ranked it better and
 * its similarityScore that leg's: cosine similarity, or BM25 divided by the query's best BM25.
 */
export function fuse(
  text: readonly { chunkId: number; score: number }[],
  dense: readonly { chunkId: number; similarity: number }[],
): Fused[] {
  const { k, textWeight, vectorWeight } = FUSION;
  const best = text[0]?.score ?? 0;
  const out = new Map<number, Fused & { legRank: number }>();
  text.forEach((t, i) => {
    out.set(t.chunkId, {
      chunkId: t.chunkId,
      searchType: "text",
      similarityScore: best > 0 ? t.score / best : 0,
      fused: textWeight / (k + i + 1),
      legRank: i,
    });
  });
  dense.forEach((d, i) => {
    const sim = Math.min(1, Math.max(0, d.similarity));
    const seen = out.get(d.chunkId);
    const part = vectorWeight / (k + i + 1);
    if (!seen) {
      out.set(d.chunkId, { chunkId: d.chunkId, searchType: "vector", similarityScore: sim, fused: part, legRank: i });
      return;
    }
    seen.fused += part;
    if (i < seen.legRank) Object.assign(seen, { searchType: "vector", similarityScore: sim, legRank: i });
  });
  // A single leg keeps its own order (text-only or vector-only searches are not reordered).
  return [...out.values()].sort((a, b) => b.fused - a.fused || a.chunkId - b.chunkId).map(({ legRank: _, ...f }) => f);
}
