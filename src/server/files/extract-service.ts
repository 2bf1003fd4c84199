// API-15: extracts an uploaded file's text into its content key and records the outcome on its row.
import { AppError } from "../errors";
import { log } from "../logger";
import { CHAT_MAX_UPLOAD_BYTES, isImageFile } from "../../shared/files/rules";
import type { ExtractContentResult } from "../../shared/files/schema";
import { blobStore } from "../storage/store";
import { extractText } from "./extract/extract";
import { getFileByKey, updateFile } from "./queries";

const notFound = () => new AppError("not_found", "File not found");

export async function extractContent(input: {
  orgId: string;
  userId: string;
  isAdmin: boolean;
  key: string;
  contentKey?: string;
}): Promise<ExtractContentResult> {
  const { orgId, key, contentKey } = input;
  // The row, found by organisation and key, is the authority: type, name and content key come from it.
  // Like downloads, it is the uploader's and the admins' (decision 008 for conversations).
  const row = await getFileByKey({ orgId, key });
  if (!row || (row.userId !== input.userId && !input.isAdmin)) throw notFound();
  if (contentKey && contentKey !== row.contentKey)
    throw new AppError("bad_request", "contentKey does not belong to this file");

  const store = blobStore();
  const info = await store.head(key);
  if (!info) throw notFound();
  if (info.size > CHAT_MAX_UPLOAD_BYTES) {
    // S3 cannot cap a presigned PUT's size unless the client announced it; refuse it here.
    await store.delete(key);
    await updateFile({ orgId, id: row.id, status: "extraction_failed", size: info.size });
    throw new AppError("payload_too_large", `${row.fileName}: File is too large. Maximum file size is 50MB.`);
  }

  if (isImageFile(row.fileName, row.contentType)) {
    await updateFile({ orgId, id: row.id, status: "skipped", size: info.size });
    return { status: "skipped", reason: "Images are not extracted" };
  }

  const object = await store.get(key);
  if (!object) throw notFound();
  try {
    const result = await extractText({ bytes: object.bytes, fileName: row.fileName, contentType: row.contentType });
    if (result.kind !== "text") {
      await updateFile({
        orgId,
        id: row.id,
        status: result.kind === "skipped" ? "skipped" : "extraction_failed",
        size: object.size,
      });
      return result.kind === "skipped"
        ? { status: "skipped", reason: result.reason }
        : { status: "error", error: result.reason };
    }
    await store.put(row.contentKey, new TextEncoder().encode(result.text), "text/plain; charset=utf-8");
    await updateFile({ orgId, id: row.id, status: "extracted", size: object.size });
    return {
      status: "success",
      contentKey: row.contentKey,
      characters: result.text.length,
      truncated: result.truncated,
    };
  } catch (err) {
    log.warn("file extraction failed", { orgId, fileId: row.id, error: String((err as Error).message ?? err) });
    await updateFile({ orgId, id: row.id, status: "extraction_failed", size: object.size });
    return { status: "error", error: `Failed to extract content from ${row.fileName}` };
  }
}
