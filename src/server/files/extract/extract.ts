// Text from an uploaded file, by its extension (which the upload bound to its content type). Binary
// formats are parsed in a worker (run-parser.ts); the text is capped so one file cannot flood a prompt.
import { extensionOf, isImageFile } from "../../../shared/files/rules";
import { parseInWorker, type BinaryFormat, type ParserLimits } from "./run-parser";
import { decodeText, htmlToText } from "./text";

export const MAX_EXTRACTED_CHARS = 2_000_000;

export type Extraction =
  | { kind: "text"; text: string; truncated: boolean }
  | { kind: "skipped"; reason: string }
  | { kind: "unsupported"; reason: string };

// A macro-enabled .xlsm is the same zip as .xlsx; the macros are never read.
const BINARY: Record<string, BinaryFormat> = {
  pdf: "pdf",
  docx: "docx",
  doc: "doc",
  xls: "xls",
  xlsx: "xlsx",
  xlsm: "xlsx",
};
const PLAIN = new Set(["txt", "md", "csv", "json", "xml", "yaml", "yml"]);

export function capText(text: string, max = MAX_EXTRACTED_CHARS): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  const note = `\n\n[Content truncated: the extracted text exceeded ${max.toLocaleString("en-US")} characters and was cut here.]`;
  return { text: text.slice(0, max) + note, truncated: true };
}

export async function extractText(
  input: { bytes: Uint8Array; fileName: string; contentType: string },
  limits?: ParserLimits,
): Promise<Extraction> {
  if (isImageFile(input.fileName, input.contentType)) return { kind: "skipped", reason: "Images are not extracted" };
  const ext = extensionOf(input.fileName);
  let text: string;
  if (BINARY[ext]) text = await parseInWorker(BINARY[ext], input.bytes, limits);
  else if (ext === "html" || ext === "htm") text = htmlToText(decodeText(input.bytes));
  else if (PLAIN.has(ext)) text = decodeText(input.bytes);
  else return { kind: "unsupported", reason: "Unsupported format" };
  return { kind: "text", ...capText(text.replace(/\r\n?/g, "\n")) };
}
