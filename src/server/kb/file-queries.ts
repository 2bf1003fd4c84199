// The kb_file table as the API shows it. Every function takes the organisation and filters by it.
import { and, asc, desc, eq } from "drizzle-orm";
import { db } from "../db/client";
import { kbFile } from "../db/tables";
import type { KnowledgeBaseFile } from "../../shared/knowledge-bases";
import { isUuid } from "../db/row-id";

export type KbFileRow = typeof kbFile.$inferSelect;

export function toKbFile(row: KbFileRow): KnowledgeBaseFile {
  return {
    id: row.id,
    knowledgeBaseId: row.knowledgeBaseId,
    fileName: row.fileName,
    fileKey: row.fileKey,
    contentKey: row.contentKey,
    contentType: row.contentType,
    fileSize: row.fileSize,
    processingStatus: row.processingStatus,
    processingError: row.processingError,
    extractedData: row.extractedData,
    extractedDataPages: row.extractedDataPages,
    pageCount: row.pageCount,
    chunkCount: row.chunkCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listKbFiles({ orgId, kbId }: { orgId: string; kbId: string }): Promise<KnowledgeBaseFile[]> {
  if (!isUuid(kbId)) return [];
  const rows = await db()
    .select()
    .from(kbFile)
    .where(and(eq(kbFile.organizationId, orgId), eq(kbFile.knowledgeBaseId, kbId)))
    .orderBy(desc(kbFile.createdAt), asc(kbFile.fileName));
  return rows.map(toKbFile);
}

/** A file of the organisation, in the given knowledge base when `kbId` is given. */
export async function getKbFileRow({
  orgId,
  fileId,
  kbId,
}: {
  orgId: string;
  fileId: string;
  kbId?: string;
}): Promise<KbFileRow | null> {
  if (!isUuid(fileId) || (kbId !== undefined && !isUuid(kbId))) return null;
  const [row] = await db()
    .select()
    .from(kbFile)
    .where(
      and(
        eq(kbFile.organizationId, orgId),
        eq(kbFile.id, fileId),
        kbId === undefined ? undefined : eq(kbFile.knowledgeBaseId, kbId),
      ),
    )
    .limit(1);
  return row ?? null;
}
