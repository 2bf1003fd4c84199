import { describe, expect, it } from "vitest";
import { pasteToasts, uploadToasts, type UploadOutcome } from "./upload-summary";

const img = (name = "a.png"): UploadOutcome => ({ name, isImage: true });
const doc = (extraction: UploadOutcome["extraction"] = "completed", name = "a.pdf"): UploadOutcome => ({
  name,
  isImage: false,
  extraction,
});
const failed = (name = "x.pdf"): UploadOutcome => ({
  name,
  isImage: false,
  error: "Upload failed due to network error.",
});

describe("upload toasts", () => {
  it("[FILE-41] [FILE-42] [FILE-43] success lines for images, documents and both", () => {
    expect(uploadToasts([img(), img()])).toEqual([{ kind: "success", text: "2 image(s) uploaded successfully." }]);
    expect(uploadToasts([doc(), doc("skipped")])).toEqual([
      { kind: "success", text: "2 document(s) uploaded and content extracted successfully." },
    ]);
    expect(uploadToasts([img(), doc(), doc()])).toEqual([
      { kind: "success", text: "1 image(s) and 2 document(s) uploaded successfully." },
    ]);
  });

  it("[FILE-39] [FILE-40] extraction: a warning when some succeeded, an error when all failed", () => {
    expect(uploadToasts([doc(), doc("extraction_failed")])).toEqual([
      { kind: "warning", text: "2 file(s) uploaded, but failed to extract content for 1." },
    ]);
    expect(uploadToasts([doc("extraction_failed")])).toEqual([
      { kind: "error", text: "Failed to extract content from uploaded file(s)." },
    ]);
  });

  it("[FILE-33] a failed upload toasts the retry message", () => {
    expect(uploadToasts([failed()])).toEqual([{ kind: "error", text: "Failed to upload file. Please try again." }]);
    expect(uploadToasts([failed(), img()])[0]).toEqual({
      kind: "error",
      text: "Failed to upload file. Please try again.",
    });
  });

  it("[FILE-35] [FILE-36] [FILE-44] pasted images: per-file failures, a warning when some failed, the success count", () => {
    expect(pasteToasts([img("pasted_image_1.png"), { ...img("pasted_image_2.png"), error: "x" }])).toEqual([
      { kind: "error", text: "Failed to upload pasted image pasted_image_2.png" },
      { kind: "warning", text: "Some pasted images failed to upload." },
      { kind: "success", text: "Pasted and uploaded 1 image(s)." },
    ]);
  });
});
