// One chat upload (chat spec §7, FILE-27): presigned URL → direct PUT with progress → extraction for
// non-images. Errors carry the spec's internal texts (FILE-38).
import { authFetch, isApiFailure } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";
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

  await putWithProgress(presigned, file, contentType, onProgress);

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

/** XHR rather than fetch: only XHR reports upload progress (FILE-28). */
function putWithProgress(
  presigned: PresignedUpload,
  file: File,
  contentType: string,
  onProgress: (percent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(presigned.method ?? "PUT", presigned.url);
    const headers: Record<string, string> = { "Content-Type": contentType, ...presigned.headers };
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status === 200) {
        onProgress(100);
        resolve();
      } else reject(new Error(`Upload failed with status ${xhr.status}: ${xhr.responseText || xhr.statusText}`));
    };
    xhr.onerror = () => reject(new Error("Upload failed due to network error."));
    xhr.send(file);
  });
}

/** Runs tasks with at most `limit` at once (CONST-02: 4 outside knowledge-base uploads). */
export async function withConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  run: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await run(items[i]!, i);
    }
  });
  await Promise.all(workers);
  return results;
}

export const CHAT_UPLOAD_CONCURRENCY = 4;
