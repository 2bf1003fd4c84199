// Content types for the chat's accepted extensions. An upload's type is bound into its signed URL, so
// it must agree with the extension: otherwise "report.png" could be stored and served as text/html.
import { type CHAT_ACCEPTED_EXTENSIONS, extensionOf } from "./rules";

type ChatExtension = (typeof CHAT_ACCEPTED_EXTENSIONS)[number];

/** The first type is the canonical one; the others are what browsers and tools also send. */
const TYPES: Record<ChatExtension, readonly string[]> = {
  png: ["image/png"],
  jpg: ["image/jpeg", "image/jpg", "image/pjpeg"],
  jpeg: ["image/jpeg", "image/jpg", "image/pjpeg"],
  gif: ["image/gif"],
  bmp: ["image/bmp", "image/x-bmp", "image/x-ms-bmp"],
  webp: ["image/webp"],
  txt: ["text/plain"],
  html: ["text/html"],
  htm: ["text/html"],
  doc: ["application/msword"],
  docx: ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  csv: ["text/csv", "application/csv", "text/x-csv", "application/vnd.ms-excel", "text/plain"],
  json: ["application/json", "text/json", "text/plain"],
  xml: ["application/xml", "text/xml"],
  md: ["text/markdown", "text/x-markdown", "text/plain"],
  pdf: ["application/pdf", "application/x-pdf"],
  xls: ["application/vnd.ms-excel", "application/msexcel", "application/x-msexcel", "application/x-excel"],
  xlsx: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
  xlsm: [
    "application/vnd.ms-excel.sheet.macroenabled.12",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ],
  yaml: ["application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml", "text/plain"],
  yml: ["application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml", "text/plain"],
};

/** "text/plain; charset=utf-8" → "text/plain". */
export const mediaTypeOf = (contentType: string) => contentType.split(";")[0]!.trim().toLowerCase();

/** Types that say nothing about the file: browsers send "" for extensions they do not know. */
const GENERIC = new Set(["", "application/octet-stream", "binary/octet-stream", "application/unknown"]);

/**
 * The content type an upload is stored and served with, or null when the name's extension is not on
 * the chat list or the given type contradicts it. A generic or missing type takes the extension's.
 */
export function uploadContentType(fileName: string, contentType: string | undefined): string | null {
  const ext = extensionOf(fileName) as ChatExtension;
  const accepted = TYPES[ext];
  if (!accepted) return null;
  const given = mediaTypeOf(contentType ?? "");
  if (GENERIC.has(given)) return accepted[0]!;
  return accepted.includes(given) ? given : null;
}
