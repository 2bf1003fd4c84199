// One chat upload (chat spec §7, FILE-27): presigned URL → direct PUT with progress → extraction for
// non-images. Errors carry the spec's internal texts (FILE-38).
import { authFetch, isApiFailure } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";
import { putWithProgress, UploadFailure, withConcurrency } from "@/client/lib/upload";
import { isImageFile, sanitizeFileName } from "@/shared/files/rules";
import { uploadContentType } from "@/shared/files/content-types";
import type { ExtractContentResult, PresignedUpload } from "@/shared/files/schema";
import type { ExtractionStatus } from "./upload-summary";

/** What a sent message carries for an uploaded file (FILE-45, FILE-46). */
export interface UploadedFile {
  name: string;
  contentType: string;
  url: string;
  key: string;
  contentKey: string;
  fileId: string;
  size: number;
  extraction: ExtractionStatus;
}

export async function uploadChatFile(
  orgId: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<UploadedFile> {
  const name = sanitizeFileName(file.name);
  const contentType = uploadContentType(name, file.type) ?? (file.type || "application/octet-stream");
  const presigned = await authFetch<PresignedUpload>(orgPath(orgId, "/api/upload/presigned"), {
    method: "POST",
    body: { filename: name, contentType, size: file.size },
  });
  if (isApiFailure(presigned) || !presigned?.url) throw new Error("Failed to get upload URL");

  await put(presigned, file, contentType, onProgress);

  let extraction: ExtractionStatus = "skipped";
  if (!isImageFile(name, contentType)) {
    // FILE-29/30: images skip extraction; "success" and "skipped" count as fine, anything else failed.
    const result = await authFetch<ExtractContentResult>(orgPath(orgId, "/api/files/extractContent"), {
      method: "POST",
      body: { key: presigned.key, contentKey: presigned.contentKey, contentType, fileName: name },
    }).catch(() => null);
    const status = result && !isApiFailure(result) ? result.status : "error";
    extraction = status === "success" ? "completed" : status === "skipped" ? "skipped" : "extraction_failed";
  }
  return {
    name,
    contentType,
    url: presigned.key,
    key: presigned.key,
    contentKey: presigned.contentKey,
    fileId: presigned.fileId,
    size: file.size,
    extraction,
  };
}

/** The chat's wording of a failed PUT (FILE-38): its network text ends with a full stop. */
async function put(presigned: PresignedUpload, file: File, contentType: string, onProgress: (p: number) => void) {
  try {
    await putWithProgress(presigned, file, contentType, onProgress);
  } catch (err) {
    if (err instanceof UploadFailure && err.status === 0)
      throw new Error("Upload failed due to network error.", { cause: err });
    throw err;
  }
}

/** Runs tasks with at most `limit` at once (CONST-02: 4 outside knowledge-base uploads). */
export { withConcurrency };

export const CHAT_UPLOAD_CONCURRENCY = 4;
