// Images become searchable through a caption written by the knowledge base's extraction model when
// that model can see images; otherwise they are kept, unindexed, with the reason (decision 045).
import { readFile, stat } from "node:fs/promises";
import { resolveModel } from "../../ai/models";
import { aiSdk } from "../../ai/sdk";
import { findChatModel } from "../models";
import type { KnowledgeBaseRow } from "../kb-queries";
import type { KbFileRow } from "../file-queries";

/** Providers refuse larger images (OpenAI: 20 MB). */
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

export const NO_VISION =
  "Image stored but not indexed: set an extraction model that can read images on this knowledge base, then use Retry Processing.";
export const IMAGE_TOO_LARGE = "Image stored but not indexed: images over 20 MB cannot be described by the model.";

export async function captionImage(
  row: KbFileRow,
  kb: KnowledgeBaseRow,
  filePath: string,
  signal?: AbortSignal,
): Promise<{ text: string; reason?: undefined } | { text: null; reason: string }> {
  const model = kb.extractionModel ? await findChatModel(row.organizationId, kb.extractionModel) : null;
  if (!model?.vision) return { text: null, reason: NO_VISION };
  if ((await stat(filePath)).size > MAX_IMAGE_BYTES) return { text: null, reason: IMAGE_TOO_LARGE };
  const { model: lm } = await resolveModel({ orgId: row.organizationId, modelKey: model.key });
  const { text } = await (
    await aiSdk()
  ).generateText({
    model: lm,
    abortSignal: signal,
    maxRetries: 2,
    messages: [
      {
        role: "user",
        content: [
          {
            type: "text",
            text: "Describe this image for a search index: what it shows, and transcribe any text in it exactly.",
          },
          { type: "file", data: await readFile(filePath), mediaType: row.contentType },
        ],
      },
    ],
  });
  return text.trim() ? { text: `Image: ${row.fileName}\n\n${text.trim()}` } : { text: null, reason: NO_VISION };
}
