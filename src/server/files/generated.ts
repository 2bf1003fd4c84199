// For tools that produce files (reports, slides, sandbox output): stores the bytes in the
// organisation's folder, records the file (its organisation and the user whose call made it, so a later
// tool can use it by id, decision 065) and returns the tool result's file entry. POST
// /api/files/presigned_download serves it to anyone in the organisation (access.ts: generated files
// are the organisation's).
import { randomUUID } from "node:crypto";
import { blobStore } from "../storage/store";
import { storedFileName } from "./keys";
import { insertFile } from "./queries";

export interface GeneratedFileRef {
  fileId: string;
  r2_path: string;
  filename: string;
  contentType: string;
  size: number;
}

export async function saveGeneratedFile(input: {
  orgId: string;
  userId: string;
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}): Promise<GeneratedFileRef> {
  const fileId = randomUUID();
  const filename = storedFileName(input.filename);
  const key = `org/${input.orgId}/generated/${fileId}/${filename}`;
  const size = input.bytes.byteLength;
  await blobStore().put(key, input.bytes, input.contentType);
  await insertFile({
    orgId: input.orgId,
    id: fileId,
    userId: input.userId,
    key,
    // Nothing is extracted from a generated file; its key stands in for the text's (the column is required).
    contentKey: key,
    fileName: filename,
    contentType: input.contentType,
    status: "skipped",
    size,
  });
  return { fileId, r2_path: key, filename, contentType: input.contentType, size };
}
