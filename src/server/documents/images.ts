// Images a document places by file id (slides, flash report): only files of the calling organisation
// that the calling user may read — their own uploads, the organisation's generated and knowledge-base
// files (files/access.ts). Anything else reads as not found, so ids of other organisations reveal nothing.
import { canReadKey } from "../files/access";
import { getFileById } from "../files/queries";
import { blobStore } from "../storage/store";
import { DocumentError } from "./document-error";
import { imageInfo, type ImageFormat, type ImageInfo } from "./image-info";
import { isUuid } from "../db/row-id";

export interface DocumentImage extends ImageInfo {
  fileId: string;
  bytes: Uint8Array;
}

/** Larger pictures would make the document heavy; phone photos are well under this. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

const FORMAT_NAMES: Record<ImageFormat, string> = { png: "PNG", jpeg: "JPEG", gif: "GIF" };

export async function loadImage(
  who: { orgId: string; userId: string },
  fileId: string,
  formats: readonly ImageFormat[],
): Promise<DocumentImage> {
  const notFound = new DocumentError(`Image file ${fileId} was not found`);
  if (!isUuid(fileId)) throw notFound;
  const row = await getFileById({ orgId: who.orgId, id: fileId.toLowerCase() });
  if (!row || !(await canReadKey({ orgId: who.orgId, userId: who.userId, isAdmin: false }, row.key))) throw notFound;
  const head = await blobStore().head(row.key);
  if (!head) throw notFound;
  if (head.size > MAX_IMAGE_BYTES) throw new DocumentError(`Image file ${row.fileName} is larger than 20 MB`);
  const stored = await blobStore().get(row.key);
  if (!stored) throw notFound;
  const info = imageInfo(stored.bytes);
  if (!info || !formats.includes(info.format)) {
    const names = formats.map((f) => FORMAT_NAMES[f]);
    throw new DocumentError(
      `File ${row.fileName} is not a ${names.slice(0, -1).join(", ")}${names.length > 1 ? " or " : ""}${names.at(-1)} image`,
    );
  }
  return { fileId, bytes: stored.bytes, ...info };
}

/** Each distinct id once, in order of first use. */
export async function loadImages(
  who: { orgId: string; userId: string },
  fileIds: readonly string[],
  formats: readonly ImageFormat[],
): Promise<Map<string, DocumentImage>> {
  const images = new Map<string, DocumentImage>();
  for (const id of new Set(fileIds)) images.set(id, await loadImage(who, id, formats));
  return images;
}
