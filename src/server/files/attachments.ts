// For the chat runner: what a message's attachment gives the model. Images go as image parts (the
// types every vision provider takes); documents as the text extracted at upload.
import { isImageFile } from "../../shared/files/rules";
import { mediaTypeOf } from "../../shared/files/content-types";
import { blobStore } from "../storage/store";
import { contentKeyOf, isOrgKey } from "./keys";

export type ModelAttachment = { kind: "image"; bytes: Uint8Array; mediaType: string } | { kind: "text"; text: string };

const MODEL_IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/**
 * Null when the key is not the organisation's, the file is gone, the image type is one models do not
 * take (bmp), or a document has no extracted text (extraction failed or never ran).
 */
export async function loadAttachmentForModel(input: {
  orgId: string;
  key: string;
  contentKey?: string;
  contentType?: string;
  name: string;
}): Promise<ModelAttachment | null> {
  const { orgId, key } = input;
  if (!isOrgKey(orgId, key)) return null;
  const store = blobStore();
  if (isImageFile(input.name, input.contentType)) {
    const object = await store.get(key);
    if (!object) return null;
    const mediaType = mediaTypeOf(object.contentType) === "image/jpg" ? "image/jpeg" : mediaTypeOf(object.contentType);
    return MODEL_IMAGE_TYPES.has(mediaType) ? { kind: "image", bytes: object.bytes, mediaType } : null;
  }
  // The content key always sits beside the file; one from the message is used only when it agrees.
  const contentKey = contentKeyOf(key);
  if (input.contentKey && input.contentKey !== contentKey) return null;
  const content = await store.get(contentKey);
  if (!content) return null;
  const text = new TextDecoder().decode(content.bytes);
  return { kind: "text", text: text.trim() ? text : `[${input.name} contains no extractable text.]` };
}
