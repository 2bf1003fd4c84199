// One knowledge-base upload (hub §7, KB-64): presign with the knowledge-base purpose, send the file
// straight to storage with progress, then associate it with the knowledge base. Each step fails with
// the spec's text (hub §8).
import { putWithProgress } from "@/client/lib/upload";
import { uploadContentType } from "@/shared/files/content-types";
import { sanitizeFileName } from "@/shared/files/rules";
import { associateKbFile } from "./api/kb-files";
import { presignKbUpload } from "./api/kb-storage";

export async function uploadKbFile(
  orgId: string,
  kbId: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<{ name: string }> {
  const name = sanitizeFileName(file.name);
  const contentType = uploadContentType(name, file.type) ?? (file.type || "application/octet-stream");
  const presigned = await presignKbUpload(orgId, { filename: name, contentType, size: file.size }).catch(() => null);
  if (!presigned?.url) throw new Error("Failed to get upload URL");

  // UploadFailure already reads "Upload failed with status {code}: {text}" or "... network error".
  await putWithProgress(presigned, file, contentType, onProgress);

  try {
    await associateKbFile(orgId, {
      kbId,
      fileId: presigned.fileId,
      fileName: name,
      fileKey: presigned.key,
      contentKey: presigned.contentKey,
      contentType,
      fileSize: file.size,
    });
  } catch {
    throw new Error("Failed to associate file with knowledge base");
  }
  return { name };
}
