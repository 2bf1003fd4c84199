// A knowledge base's files (API-40..43): associating an upload, deleting, retrying, saving a review.
import { and, eq, sql } from "drizzle-orm";
import { db } from "../db/client";
import { file, kbFile, knowledgeBase } from "../db/tables";
import { AppError } from "../errors";
import { blobStore, missingFileError } from "../storage/store";
import { getFileById } from "../files/queries";
import {
  KB_EXTRACTED_DATA_MAX_CHARS,
  KB_TEXTS,
  canRetryFile,
  type KnowledgeBaseFile,
} from "../../shared/knowledge-bases";
import { getKnowledgeBaseRow } from "./kb-queries";
import { getKbFileRow, toKbFile } from "./file-queries";
import { drainBlobDeletionsSoon, queueBlobDeletions } from "./blob-deletions";
import { deleteFileChunks, leaveRollup } from "./chunk-index";
import { pageImageKeys } from "./read/page-images";
import { wakeIngestion } from "./ingest/wake";

const kbNotFound = () => new AppError("not_found", KB_TEXTS.notFound);
const fileNotFound = () => new AppError("not_found", KB_TEXTS.fileNotFound);

interface Caller {
  orgId: string;
  userId: string;
  isAdmin: boolean;
}

/** POST /api/kb/files: the upload (presigned with purpose "knowledge-base" and sent) joins the knowledge base. */
export async function associateFile(
  caller: Caller,
  input: { kbId: string; fileId: string; fileKey: string },
): Promise<KnowledgeBaseFile> {
  const { orgId } = caller;
  if (!(await getKnowledgeBaseRow({ orgId, id: input.kbId }))) throw kbNotFound();
  // The upload's row is the proof that this organisation presigned it: its key, name and type are ours,
  // not the request's. Someone else's pending upload is reported like a missing one.
  const upload = await getFileById({ orgId, id: input.fileId }).catch(() => null);
  if (!upload || upload.key !== input.fileKey || (upload.userId !== caller.userId && !caller.isAdmin))
    throw fileNotFound();
  if (!upload.key.startsWith(`org/${orgId}/kb/`))
    throw new AppError("bad_request", 'The file was not uploaded for a knowledge base (purpose "knowledge-base")');
  const stored = await blobStore().head(upload.key);
  if (!stored) throw missingFileError(new AppError("bad_request", "The file has not been uploaded yet"));
  const row = await db().transaction(async (tx) => {
    const [kb] = await tx
      .select({ id: knowledgeBase.id })
      .from(knowledgeBase)
      .where(and(eq(knowledgeBase.organizationId, orgId), eq(knowledgeBase.id, input.kbId)))
      .for("share");
    if (!kb) throw kbNotFound();
    const [inserted] = await tx
      .insert(kbFile)
      .values({
        id: upload.id,
        organizationId: orgId,
        knowledgeBaseId: input.kbId,
        uploadedBy: caller.userId,
        fileName: upload.fileName,
        fileKey: upload.key,
        contentKey: upload.contentKey,
        contentType: upload.contentType,
        fileSize: stored.size,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) throw new AppError("conflict", "This file already belongs to a knowledge base");
    await tx
      .update(file)
      .set({ status: "uploaded", size: stored.size })
      .where(and(eq(file.organizationId, orgId), eq(file.id, upload.id)));
    await tx
      .update(knowledgeBase)
      .set({ updatedAt: sql`now()` })
      .where(and(eq(knowledgeBase.organizationId, orgId), eq(knowledgeBase.id, input.kbId)));
    return inserted;
  });
  wakeIngestion();
  return toKbFile(row);
}

export async function getFile({ orgId, kbId, fileId }: { orgId: string; kbId: string; fileId: string }) {
  const row = await getKbFileRow({ orgId, kbId, fileId });
  if (!row) throw fileNotFound();
  return toKbFile(row);
}

/** DELETE /api/kb/files: the row, its chunks and vectors go in one transaction; its blobs are queued. */
export async function deleteFile({ orgId, kbId, fileId }: { orgId: string; kbId: string; fileId: string }) {
  const row = await getKbFileRow({ orgId, kbId, fileId });
  if (!row) throw fileNotFound();
  const deleted = await db().transaction(async (tx) => {
    // Out of the df rollup before the row's cascade takes its statistics (decision 135).
    await leaveRollup(tx, orgId, fileId);
    const rows = await tx
      .delete(kbFile)
      .where(and(eq(kbFile.organizationId, orgId), eq(kbFile.id, fileId), eq(kbFile.knowledgeBaseId, kbId)))
      .returning();
    if (!rows.length) return false;
    await deleteFileChunks(tx, orgId, fileId);
    await queueBlobDeletions(tx, orgId, [rows[0]!.fileKey, rows[0]!.contentKey, ...pageImageKeys(rows[0]!)]);
    await tx.delete(file).where(and(eq(file.organizationId, orgId), eq(file.id, fileId)));
    await tx
      .update(knowledgeBase)
      .set({ updatedAt: sql`now()` })
      .where(and(eq(knowledgeBase.organizationId, orgId), eq(knowledgeBase.id, kbId)));
    return true;
  });
  if (!deleted) throw fileNotFound();
  drainBlobDeletionsSoon();
}

/** POST /api/kb/process: a failed or completed file goes back to pending; a worker picks it up. */
export async function retryFile({ orgId, kbId, fileId }: { orgId: string; kbId: string; fileId: string }) {
  const row = await getKbFileRow({ orgId, kbId, fileId });
  if (!row) throw fileNotFound();
  if (!canRetryFile(row.processingStatus))
    throw new AppError("conflict", "Only failed or completed files can be processed again");
  const [updated] = await db()
    .update(kbFile)
    .set({
      processingStatus: "pending",
      processingError: null,
      attempts: 0,
      leaseOwner: null,
      leaseExpiresAt: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(kbFile.organizationId, orgId), eq(kbFile.id, fileId), eq(kbFile.processingStatus, row.processingStatus)),
    )
    .returning();
  if (!updated) throw new AppError("conflict", "The file's status changed; reload and try again");
  wakeIngestion();
  return toKbFile(updated);
}

/** PATCH /api/kb/files: the reviewed data replaces the extracted data; pages stay for the fields kept. */
export async function saveExtractedData({
  orgId,
  kbId,
  fileId,
  extractedData,
}: {
  orgId: string;
  kbId: string;
  fileId: string;
  extractedData: Record<string, unknown>;
}) {
  if (JSON.stringify(extractedData).length > KB_EXTRACTED_DATA_MAX_CHARS)
    throw new AppError("payload_too_large", "Extracted data is too large");
  const row = await getKbFileRow({ orgId, kbId, fileId });
  if (!row) throw fileNotFound();
  const pages = Object.fromEntries(Object.entries(row.extractedDataPages).filter(([k]) => k in extractedData));
  const [updated] = await db()
    .update(kbFile)
    .set({ extractedData, extractedDataPages: pages, updatedAt: sql`now()` })
    .where(and(eq(kbFile.organizationId, orgId), eq(kbFile.id, fileId), eq(kbFile.knowledgeBaseId, kbId)))
    .returning();
  if (!updated) throw fileNotFound();
  return toKbFile(updated);
}
