// The common end of every document tool: render, store the file as the organisation's (and the calling
// user's), and answer the model with the file entry the card offers for download (TOOLCARD-24). A failure
// becomes an error result whose text completes "Error: Failed to generate {what}: …" (TOOLCARD-46).
import { saveGeneratedFile } from "../files/generated";
import { log } from "../logger";
import { toolError, type ToolContext, type ToolResult } from "../../tools/executor.server";
import { DocumentError } from "./document-error";

export interface RenderedDocument {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
  /** One sentence for the model about what was made, e.g. "a presentation of 4 slides". */
  summary: string;
}

/** A readable file name from a title: punctuation runs become one separator, at most 80 characters. */
export function documentFileName(title: string, ext: string, fallback: string): string {
  const base = title
    .replace(/[^\p{L}\p{N}._-]+/gu, " ")
    .trim()
    .slice(0, 80)
    .trim();
  return `${base || fallback}.${ext}`;
}

/** Today in the user's time zone, as 2025-03-31: the date a document prints when it is given none. */
export function today(timeZone?: string): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
      new Date(),
    );
  } catch {
    return new Date().toISOString().slice(0, 10);
  }
}

export const PPTX_TYPE = "application/vnd.openxmlformats-officedocument.presentationml.presentation";
export const PDF_TYPE = "application/pdf";
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export async function generateDocuments(
  tool: string,
  ctx: Pick<ToolContext, "orgId" | "user">,
  render: () => Promise<RenderedDocument[]>,
): Promise<ToolResult> {
  try {
    const docs = await render();
    const files = [];
    for (const doc of docs) {
      files.push(
        await saveGeneratedFile({
          orgId: ctx.orgId,
          userId: ctx.user.id,
          filename: doc.filename,
          contentType: doc.contentType,
          bytes: doc.bytes,
        }),
      );
    }
    const lines = files.map((f, i) => `Generated ${docs[i]!.summary}: ${f.filename} (file id ${f.fileId}).`);
    return {
      status: "success",
      content: `${lines.join("\n")}\nThe user can download it from the tool card.`,
      files,
    };
  } catch (err) {
    if (err instanceof DocumentError) return toolError(err.message);
    log.warn(`${tool}: document generation failed`, { error: err instanceof Error ? err.message : String(err) });
    return toolError("Unknown error");
  }
}
