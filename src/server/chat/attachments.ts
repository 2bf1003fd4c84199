// A user message's attachments as model content: images as image parts, documents as the text
// extracted at upload, labelled with the file name so the model can tell them apart. Stored messages
// are read again on every turn, so each attachment is checked against the reader (the thread's owner)
// each time, not only when it was sent.
import type { MessageRow } from "../conversations/queries";
import { loadAttachmentForModel } from "../files/attachments";
import type { Reader } from "../files/access";
import type { ModelContent } from "./model-messages";

interface StoredAttachment {
  name?: string;
  contentType?: string;
  key?: string;
  contentKey?: string;
}

export async function attachmentContent(reader: Reader, m: MessageRow): Promise<ModelContent[]> {
  const out: ModelContent[] = [];
  for (const a of m.attachments as StoredAttachment[]) {
    if (!a.key) continue;
    const name = a.name ?? a.key.split("/").pop() ?? "file";
    const loaded = await loadAttachmentForModel({ reader, key: a.key, contentKey: a.contentKey, name });
    if (!loaded) out.push({ type: "text", text: `[Attachment ${name} could not be read.]` });
    else if (loaded.kind === "image") out.push({ type: "file", data: loaded.bytes, mediaType: loaded.mediaType });
    else out.push({ type: "text", text: `Attached file "${name}":\n${loaded.text}` });
  }
  return out;
}
