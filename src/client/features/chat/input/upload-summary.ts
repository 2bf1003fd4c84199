// The toasts after a batch of chat uploads (chat spec §8 "Upload successes", "Extraction").
export type ExtractionStatus = "completed" | "skipped" | "extraction_failed";

export interface UploadOutcome {
  name: string;
  isImage: boolean;
  /** Set when the upload itself failed. */
  error?: string;
  extraction?: ExtractionStatus;
}

export interface UploadToast {
  kind: "success" | "warning" | "error";
  text: string;
}

/** One toast per batch: failures first, then extraction problems, then the success line. */
export function uploadToasts(outcomes: readonly UploadOutcome[]): UploadToast[] {
  const uploaded = outcomes.filter((o) => !o.error);
  const toasts: UploadToast[] = [];
  if (outcomes.length && !uploaded.length) return [{ kind: "error", text: "Failed to upload file. Please try again." }];
  if (uploaded.length < outcomes.length)
    toasts.push({ kind: "error", text: "Failed to upload file. Please try again." });

  const images = uploaded.filter((o) => o.isImage).length;
  const documents = uploaded.filter((o) => !o.isImage);
  const failedExtraction = documents.filter((o) => o.extraction === "extraction_failed").length;
  if (failedExtraction && failedExtraction === documents.length && !images) {
    toasts.push({ kind: "error", text: "Failed to extract content from uploaded file(s)." });
    return toasts;
  }
  if (failedExtraction) {
    toasts.push({
      kind: "warning",
      text: `${uploaded.length} file(s) uploaded, but failed to extract content for ${failedExtraction}.`,
    });
    return toasts;
  }
  if (images && documents.length)
    toasts.push({
      kind: "success",
      text: `${images} image(s) and ${documents.length} document(s) uploaded successfully.`,
    });
  else if (images) toasts.push({ kind: "success", text: `${images} image(s) uploaded successfully.` });
  else if (documents.length)
    toasts.push({
      kind: "success",
      text: `${documents.length} document(s) uploaded and content extracted successfully.`,
    });
  return toasts;
}

/** Pasted images (chat spec §8): all, some or none uploaded. */
export function pasteToasts(outcomes: readonly UploadOutcome[]): UploadToast[] {
  const ok = outcomes.filter((o) => !o.error).length;
  const toasts: UploadToast[] = outcomes
    .filter((o) => o.error)
    .map((o) => ({ kind: "error" as const, text: `Failed to upload pasted image ${o.name}` }));
  if (ok && toasts.length) toasts.push({ kind: "warning", text: "Some pasted images failed to upload." });
  if (ok) toasts.push({ kind: "success", text: `Pasted and uploaded ${ok} image(s).` });
  return toasts;
}
