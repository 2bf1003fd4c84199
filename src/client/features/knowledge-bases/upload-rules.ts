// Knowledge-base upload rules (hub §5, §8, §9; rulings.md): 250 MB, the knowledge-base type list,
// sanitised names, min(6, files) at once, and the batch's toasts.
import { checkKbFile, KB_ACCEPTED_EXTENSIONS } from "@/shared/files/rules";

export const KB_UPLOAD_CONCURRENCY_CAP = 6;

/** KB-63: the smaller of 6 and the number of files. */
export const kbUploadConcurrency = (files: number) => Math.min(KB_UPLOAD_CONCURRENCY_CAP, files);

/** The file picker's accept list (KB-62). */
export const KB_ACCEPT_ATTRIBUTE = KB_ACCEPTED_EXTENSIONS.map((ext) => `.${ext}`).join(",");

/** KB-61/62: null when the file may be uploaded, else the spec's message. */
export function kbFileProblem(file: { name: string; size: number }): string | null {
  const check = checkKbFile(file);
  return check.ok ? null : check.message;
}

export interface UploadToast {
  kind: "success" | "warning" | "error";
  text: string;
}

/**
 * KB-65/66 (decision 051): nothing uploaded is the error; a whole batch that made it is "Successfully
 * uploaded N file(s) to knowledge base"; a partial batch warns "{N} file(s) failed to upload" and
 * confirms the rest with "Uploaded N file(s)".
 */
export function kbUploadToasts(total: number, failed: number): UploadToast[] {
  const uploaded = total - failed;
  if (total === 0) return [];
  if (uploaded === 0) return [{ kind: "error", text: "Failed to upload files. Please try again." }];
  if (failed === 0) return [{ kind: "success", text: `Successfully uploaded ${uploaded} file(s) to knowledge base` }];
  return [
    { kind: "warning", text: `${failed} file(s) failed to upload` },
    { kind: "success", text: `Uploaded ${uploaded} file(s)` },
  ];
}
