// For tools that produce files (reports, slides, sandbox output): stores the bytes in the
// organisation's folder and returns the tool result's file entry. POST /api/files/presigned_download
// serves it to anyone in the organisation (access.ts: generated files are the organisation's).
import { randomUUID } from "node:crypto";
import { blobStore } from "../storage/store";
import { storedFileName } from "./keys";

export interface GeneratedFileRef {
  fileId: string;
  r2_path: string;
  filename: string;
  contentType: string;
  size: number;
}

export async function saveGeneratedFile(input: {
  orgId: string;
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}): Promise<GeneratedFileRef> {
  const fileId = randomUUID();
  const filename = storedFileName(input.filename);
  const key = `org/${input.orgId}/generated/${fileId}/${filename}`;
  await blobStore().put(key, input.bytes, input.contentType);
  return { fileId, r2_path: key, filename, contentType: input.contentType, size: input.bytes.byteLength };
}
