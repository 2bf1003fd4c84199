// How knowledge bases and their files read on screen (hub §4, §9): badge colours, the embedding line,
// file sizes and the agents shown on a card or the detail page. Labels come from the shared module.
import { embeddingProviderLabel, kbFileStatusLabel, kbStatusLabel, type KnowledgeBase } from "@/shared/knowledge-bases";

export type BadgeTone = "green" | "blue" | "yellow" | "red" | "gray";

const KB_TONES: Record<string, BadgeTone> = { ready: "green", processing: "blue", error: "red" };
const FILE_TONES: Record<string, BadgeTone> = {
  pending: "yellow",
  processing: "blue",
  completed: "blue",
  indexed: "green",
  failed: "red",
};

/** KB-26: ready, processing, error, else Unknown. */
export const kbStatus = (status: string | null | undefined) => ({
  label: kbStatusLabel(status ?? ""),
  tone: KB_TONES[status ?? ""] ?? ("gray" as BadgeTone),
});

/** KB-45: pending Pending; processing and completed both Processing; indexed Ready; failed Failed. */
export const fileStatus = (status: string | null | undefined) => ({
  label: kbFileStatusLabel(status ?? ""),
  tone: FILE_TONES[status ?? ""] ?? ("gray" as BadgeTone),
});

/** Files still on their way to Ready: the detail page polls while any is (no manual refresh). */
export const isFileInProgress = (status: string | null | undefined) =>
  status === "pending" || status === "processing" || status === "completed";

/** The model name without its provider prefix: "openai:text-embedding-3-small" → "text-embedding-3-small". */
export const embeddingModelName = (modelKey: string | null | undefined) => {
  const key = modelKey ?? "";
  const colon = key.indexOf(":");
  return colon === -1 ? key : key.slice(colon + 1);
};

const UNITS = ["Bytes", "KB", "MB", "GB"] as const;

/** KB-48: Bytes, KB, MB or GB, base 1024, 2 decimals ("0 Bytes", "1.50 KB"). */
export function formatFileSize(bytes: number | null | undefined): string {
  const n = Number(bytes);
  if (!Number.isFinite(n) || n <= 0) return "0 Bytes";
  const unit = Math.min(UNITS.length - 1, Math.floor(Math.log(n) / Math.log(1024)));
  return `${(n / 1024 ** unit).toFixed(2)} ${UNITS[unit]}`;
}

/** KB-04 (3 on a card) and KB-29 (2 on the detail page): the first `limit` names and how many more. */
export function firstNames(names: readonly string[], limit: number): { shown: string[]; more: number } {
  return { shown: names.slice(0, limit), more: Math.max(0, names.length - limit) };
}

export const AGENTS_ON_CARD = 3;
export const AGENTS_ON_DETAIL = 2;

/** KB-03/09: a knowledge base's embedding provider, model and dimensions. */
export function embeddingLine(kb: Pick<KnowledgeBase, "embeddingModel" | "embeddingDimensions">): string {
  const dims = kb.embeddingDimensions ? ` (${kb.embeddingDimensions} dimensions)` : "";
  return `${embeddingProviderLabel(kb.embeddingModel)} · ${embeddingModelName(kb.embeddingModel)}${dims}`;
}
