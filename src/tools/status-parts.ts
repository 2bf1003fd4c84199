// Pieces the tools' card status lines share (chat spec §8), safe on both sides.
import type { ToolResultView } from "./define-tool";

export const str = (v: unknown) => String(v ?? "");

/** The host of a URL argument, or the argument itself when it is not a URL. */
export const hostOf = (url: unknown) => {
  try {
    return new URL(String(url)).host;
  } catch {
    return str(url);
  }
};

/** TOOLCARD-27: the first available of content, error or message. */
export function errorDetail(result: unknown): string {
  const r = (result ?? {}) as ToolResultView;
  for (const v of [r.content, r.error, r.message]) if (typeof v === "string" && v.trim()) return v;
  return "Unknown error occurred";
}

/**
 * A per-tool error line ("Error calling API: …"). Executors may already have put the same prefix on the
 * error they hand the model; it is written once, never twice.
 */
export function prefixedError(prefix: string, result: unknown): string {
  const detail = errorDetail(result);
  return detail.startsWith(prefix) ? detail : `${prefix}${detail}`;
}

/** TOOLCARD-34: the Postgres searches name their table and what they looked for. */
export const searched = (ok: boolean, table: unknown, query: unknown) =>
  ok ? `Searched ${str(table)} for "${str(query)}"` : `Failed to search ${str(table)} for "${str(query)}"`;

/** TOOLCARD-36: "Error searching ...: {message}", else "Unknown error". */
export const searchError = (what: string, r: ToolResultView) =>
  `Error searching ${what}: ${typeof r.error === "string" && r.error ? r.error : typeof r.message === "string" && r.message ? r.message : "Unknown error"}`;

/** The document tools' failure line: "Error: Failed to generate {what}: {error}". */
export const generateFailed = (what: string, r: ToolResultView) =>
  `Error: Failed to generate ${what}: ${typeof r.error === "string" ? r.error : "Unknown error"}`;

/** The progress verbs of chat §4. */
export const SEARCHING = "Searching...";
export const EXECUTING = "Executing...";
