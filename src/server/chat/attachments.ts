// A user message's attachments as model content: images as image parts, documents as the text
// extracted at upload, labelled with the file name so the model can tell them apart.
import type { MessageRow } from "../conversations/queries";
import { loadAttachmentForModel } from "../files/attachments";
import type { ModelContent } from "./model-messages";

interface StoredAttachment {
  name?: string;
  contentType?: string;
  key?: string;
  contentKey?: string;
}

export async function attachmentContent(orgId: string, m: MessageRow): Promise<ModelContent[]> {
  const out: ModelContent[] = [];
  for (const a of m.attachments as StoredAttachment[]) {
    if (!a.key) continue;
    const name = a.name ?? a.key.split("/").pop() ?? "file";
    const loaded = await loadAttachmentForModel({ orgId, key: a.key, contentKey: a.contentKey, contentType: a.contentType, name });
    if (!loaded) out.push({ type: "text", text: `[Attachment ${name} could not be read.]` });
    else if (loaded.kind === "image") out.push({ type: "file", data: loaded.bytes, mediaType: loaded.mediaType });
    else out.push({ type: "text", text: `Attached file "${name}":\n${loaded.text}` });
  }
  return out;
}
