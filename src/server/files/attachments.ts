// For the chat runner: what a message's attachment gives the model. Images go as image parts (the
// types every vision provider takes); documents as the text extracted at upload.
import { isImageFile } from "../../shared/files/rules";
import { mediaTypeOf } from "../../shared/files/content-types";
import { blobStore } from "../storage/store";
import { readableUpload, type Reader } from "./access";

export type ModelAttachment = { kind: "image"; bytes: Uint8Array; mediaType: string } | { kind: "text"; text: string };

const MODEL_IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/**
 * Null unless `key` is an upload the reader may read (its uploader or an admin of its organisation,
 * decision 013); null too when the file is gone, the image type is one models do not take (bmp), or a
 * document has no extracted text (extraction failed or never ran). The upload's row, not the message,
 * says whether it is an image and where its text is.
 */
export async function loadAttachmentForModel(input: {
  reader: Reader;
  key: string;
  contentKey?: string;
  name: string;
}): Promise<ModelAttachment | null> {
  const row = await readableUpload(input.reader, input.key);
  if (!row) return null;
  const store = blobStore();
  if (isImageFile(row.fileName, row.contentType)) {
    const object = await store.get(row.key);
    if (!object) return null;
    const mediaType = mediaTypeOf(object.contentType) === "image/jpg" ? "image/jpeg" : mediaTypeOf(object.contentType);
    return MODEL_IMAGE_TYPES.has(mediaType) ? { kind: "image", bytes: object.bytes, mediaType } : null;
  }
  // A content key from the message is used only when it is the upload's own.
  if (input.contentKey && input.contentKey !== row.contentKey) return null;
  const content = await store.get(row.contentKey);
  if (!content) return null;
  const text = new TextDecoder().decode(content.bytes);
  return { kind: "text", text: text.trim() ? text : `[${input.name} contains no extractable text.]` };
}
