// read_kb_file's reading: a window of a file's chunks in order, fitted into a character budget.
import { and, asc, eq, gte } from "drizzle-orm";
import { db } from "../../db/client";
import { kbChunk } from "../../db/tables";
import { fitSections } from "./fit-text";

export interface ChunkRow {
  chunkIndex: number;
  pageNumber: number | null;
  content: string;
}

/** Chunks `offset` to `offset + limit - 1` of a file (the index (organization_id, file_id, chunk_index) serves it). */
export async function readChunks(orgId: string, fileId: string, offset: number, limit: number): Promise<ChunkRow[]> {
  return db()
    .select({ chunkIndex: kbChunk.chunkIndex, pageNumber: kbChunk.pageNumber, content: kbChunk.content })
    .from(kbChunk)
    .where(and(eq(kbChunk.organizationId, orgId), eq(kbChunk.fileId, fileId), gte(kbChunk.chunkIndex, offset)))
    .orderBy(asc(kbChunk.chunkIndex))
    .limit(limit);
}

export const chunkHeading = (c: Pick<ChunkRow, "chunkIndex" | "pageNumber">) =>
  `[Chunk ${c.chunkIndex}${c.pageNumber === null ? "" : `, page ${c.pageNumber}`}]`;

/**
 * The chunks as one text of at most `maxChars` characters; longer chunks are cut (truncatedChunks).
 * Every chunk of the window is returned, so nextOffset never skips a chunk the model has not seen.
 */
export function fitChunks(chunks: readonly ChunkRow[], maxChars: number) {
  const { text, truncated } = fitSections(
    chunks.map((c) => ({ heading: chunkHeading(c), content: c.content })),
    maxChars,
  );
  return { text, truncatedChunks: truncated };
}
