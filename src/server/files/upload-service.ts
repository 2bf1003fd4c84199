// API-13: a presigned upload for one chat file, recorded as a pending file row of the organisation.
import { randomUUID } from "node:crypto";
import { AppError } from "../errors";
import { CHAT_MAX_UPLOAD_BYTES, KB_MAX_UPLOAD_BYTES, checkChatFile, checkKbFile } from "../../shared/files/rules";
import { uploadContentType } from "../../shared/files/content-types";
import type { PresignedUpload, UploadPurpose } from "../../shared/files/schema";
import { blobStore } from "../storage/store";
import { insertFile } from "./queries";
import { kbUploadKeys, uploadKeys } from "./keys";

export async function presignUpload(input: {
  orgId: string;
  userId: string;
  filename: string;
  contentType: string;
  size?: number;
  /** "knowledge-base": 250 MB and the knowledge-base list (hub §5); the file goes to the org's kb folder. */
  purpose?: UploadPurpose;
}): Promise<PresignedUpload> {
  const { orgId, userId, filename } = input;
  const kb = input.purpose === "knowledge-base";
  const maxBytes = kb ? KB_MAX_UPLOAD_BYTES : CHAT_MAX_UPLOAD_BYTES;
  const check = (kb ? checkKbFile : checkChatFile)({ name: filename, size: input.size ?? 0 });
  if (!check.ok)
    throw new AppError(
      input.size !== undefined && input.size > maxBytes ? "payload_too_large" : "bad_request",
      check.message,
    );
  const contentType = uploadContentType(filename, input.contentType);
  if (!contentType) throw new AppError("bad_request", `${filename} is not a supported file type.`);

  const fileId = randomUUID();
  const { key, contentKey } = (kb ? kbUploadKeys : uploadKeys)(orgId, fileId, filename);
  await insertFile({ orgId, id: fileId, userId, key, contentKey, fileName: filename, contentType });
  const put = await blobStore().presignPut({
    key,
    contentType,
    maxBytes,
    metadata: { orgid: orgId, userid: userId },
    size: input.size,
  });
  return { ...put, fileId, key, contentKey, metadata: { orgId, userId } };
}
