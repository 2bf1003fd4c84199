// One file's ingestion: copy the upload to a temporary file (streamed), extract its text page by page
// into the content file, run the schema extraction, mark it completed, then chunk, embed and index
// it, and mark it indexed. Any failure marks it failed with a reason a person can act on.
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { and, eq, sql } from "drizzle-orm";
import { db } from "../../db/client";
import { kbFile } from "../../db/tables";
import { blobStore } from "../../storage/store";
import { log } from "../../logger";
import { isImageFile } from "../../../shared/files/rules";
import { getKnowledgeBaseRow, type KnowledgeBaseRow } from "../kb-queries";
import type { KbFileRow } from "../file-queries";
import { deleteFileChunks, insertChunks, requestRollup } from "../chunk-index";
import type { ChunkInput } from "../index/types";
import { updateJob, type Lease } from "./jobs";
import { hasKnownFormat, readPages } from "./pages";
import { chunkText } from "./chunk";
import { batches, embedBatch, type EmbedOptions } from "./embed";
import { resolveEmbeddingModel } from "../../ai/embedding-models";
import { ContentWriter, contentPages } from "./content-file";
import { describeError } from "./errors";
import { extractData, EXTRACTION_TEXT_CHARS } from "./extraction";
import { captionImage } from "./caption";

export class LostJob extends Error {}

export interface JobContext {
  lease: Lease;
  signal: AbortSignal;
  embed?: EmbedOptions;
}

async function copyToDisk(key: string, target: string) {
  const stream = await blobStore().openRead(key);
  if (!stream) throw new Error("The uploaded file is missing from storage");
  await pipeline(stream, createWriteStream(target));
}

export async function processFile(row: KbFileRow, ctx: JobContext): Promise<void> {
  const kb = await getKnowledgeBaseRow({ orgId: row.organizationId, id: row.knowledgeBaseId });
  if (!kb) return; // deleted meanwhile: its rows are gone with it
  const dir = await mkdtemp(path.join(os.tmpdir(), "sb-kb-"));
  try {
    await run(row, kb, ctx, dir);
  } catch (err) {
    if (err instanceof LostJob || ctx.signal.aborted) return;
    const reason = describeError(err);
    log.warn("knowledge-base file failed", { fileId: row.id, orgId: row.organizationId, reason });
    await updateJob(row, ctx.lease.owner, { processingStatus: "failed", processingError: reason });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function run(row: KbFileRow, kb: KnowledgeBaseRow, ctx: JobContext, dir: string) {
  const owner = ctx.lease.owner;
  const source = path.join(dir, "source");
  const content = path.join(dir, "content.txt");
  await copyToDisk(row.fileKey, source);
  ctx.signal.throwIfAborted();

  const writer = new ContentWriter(content);
  let pageCount = 0;
  let sample = "";
  let note: string | null = null;
  try {
    if (isImageFile(row.fileName, row.contentType)) {
      const caption = await captionImage(row, kb, source, ctx.signal);
      if (caption.text) {
        await writer.write(1, caption.text);
        pageCount = 1;
        sample = caption.text;
      } else note = caption.reason ?? null;
    } else {
      if (!hasKnownFormat(row.fileName)) throw new Error(`${row.fileName} is not a supported file type.`);
      for await (const page of readPages(source, row.fileName, ctx.signal)) {
        await writer.write(page.pageNumber, page.text);
        pageCount = page.pageNumber;
        if (sample.length < EXTRACTION_TEXT_CHARS) sample += `\n\n[Page ${page.pageNumber}]\n${page.text}`;
      }
    }
  } finally {
    await writer.close();
  }
  await blobStore().putFile(row.contentKey, content, "text/plain; charset=utf-8");

  // An image without a caption is kept, unindexed, with the reason (decision 045).
  if (note) {
    if (!(await updateJob(row, owner, { processingStatus: "completed", processingError: note, pageCount: 0 })))
      throw new LostJob();
    await finishLease(row, owner);
    return;
  }
  if (!pageCount)
    throw new Error("No text could be found in this file (a scanned document needs OCR, which is not available).");

  let extracted: Awaited<ReturnType<typeof extractData>> | null = null;
  let extractionError: string | null = null;
  if (kb.extractionModel && kb.extractionSchema) {
    try {
      extracted = await extractData(row.organizationId, kb, sample.slice(0, EXTRACTION_TEXT_CHARS), ctx.signal);
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      extractionError = `Data extraction failed: ${describeError(err)}`;
    }
  }
  const completed = await updateJob(row, owner, {
    processingStatus: "completed",
    pageCount,
    ...(extracted ? { extractedData: extracted.data, extractedDataPages: extracted.pages } : {}),
  });
  if (!completed) throw new LostJob();

  const chunkCount = await index(row, kb, content, ctx);
  const indexed = await updateJob(row, owner, {
    processingStatus: "indexed",
    chunkCount,
    processingError: extractionError,
  });
  if (!indexed) throw new LostJob();
  // Its terms into the knowledge base's df rollup (decision 135); a failure is logged and searches stay exact.
  await requestRollup(row.organizationId, row.knowledgeBaseId);
}

/** An image kept without indexing holds no lease: nothing is left to do until Retry. */
async function finishLease(row: KbFileRow, owner: string) {
  await db()
    .update(kbFile)
    .set({ leaseOwner: null, leaseExpiresAt: null })
    .where(and(eq(kbFile.organizationId, row.organizationId), eq(kbFile.id, row.id), eq(kbFile.leaseOwner, owner)));
}

/**
 * Writes chunks with their embeddings, batch by batch. Each batch's transaction first locks the file's
 * row as this worker's: a file deleted (or taken over) meanwhile gets no chunk written after it.
 */
async function index(row: KbFileRow, kb: KnowledgeBaseRow, content: string, ctx: JobContext): Promise<number> {
  const model = await resolveEmbeddingModel({ orgId: row.organizationId, modelKey: kb.embeddingModel });
  await db().transaction(async (tx) => {
    await lockMine(tx, row, ctx.lease.owner);
    await deleteFileChunks(tx, row.organizationId, row.id);
  });
  let next = 0;
  let pending: Array<Omit<ChunkInput, "embedding">> = [];
  const flush = async () => {
    for (const group of batches(pending.map((c) => c.content))) {
      const embeddings = await embedBatch(model, group, { ...ctx.embed, signal: ctx.signal });
      const chunks = pending.splice(0, group.length).map((c, i) => ({ ...c, embedding: embeddings[i]! }));
      await db().transaction(async (tx) => {
        await lockMine(tx, row, ctx.lease.owner);
        await insertChunks(tx, row.organizationId, row.knowledgeBaseId, row.id, chunks);
      });
    }
  };
  for await (const page of contentPages(content)) {
    for (const text of chunkText(page.text))
      pending.push({ chunkIndex: next++, pageNumber: page.pageNumber, content: text });
    if (pending.length >= 256) await flush();
  }
  await flush();
  pending = [];
  return next;
}

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

async function lockMine(tx: Tx, row: KbFileRow, owner: string) {
  const locked = await tx.execute(sql`select 1 from ${kbFile} where ${kbFile.organizationId} = ${row.organizationId}
    and ${kbFile.id} = ${row.id} and ${kbFile.leaseOwner} = ${owner} for update`);
  if (!(locked as unknown as { rows: unknown[] }).rows.length) throw new LostJob();
}
