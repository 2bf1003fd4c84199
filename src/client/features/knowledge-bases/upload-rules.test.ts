import { describe, expect, it } from "vitest";
import { withConcurrency } from "@/client/lib/upload";
import { sanitizeFileName } from "@/shared/files/rules";
import { KB_ACCEPT_ATTRIBUTE, kbFileProblem, kbUploadConcurrency, kbUploadToasts } from "./upload-rules";

const MB = 1024 * 1024;

describe("knowledge-base upload rules", () => {
  it("[KB-61] files up to 250 MB are accepted; larger ones get the spec's message", () => {
    expect(kbFileProblem({ name: "big.pdf", size: 250 * MB })).toBeNull();
    expect(kbFileProblem({ name: "big.pdf", size: 250 * MB + 1 })).toBe(
      "big.pdf is too large. Maximum file size is 250MB.",
    );
    // Chat's 50 MB limit does not apply here.
    expect(kbFileProblem({ name: "scan.pdf", size: 120 * MB })).toBeNull();
  });

  it("[KB-62] the knowledge-base list of types, yaml and yml included; others are not supported", () => {
    const accepted = "png jpg jpeg gif bmp webp txt html htm doc docx csv json xml md yaml yml pdf xls xlsx xlsm".split(
      " ",
    );
    for (const ext of accepted) expect(kbFileProblem({ name: `f.${ext.toUpperCase()}`, size: 1 }), ext).toBeNull();
    expect(KB_ACCEPT_ATTRIBUTE.split(",").sort()).toEqual(accepted.map((e) => `.${e}`).sort());
    for (const name of ["a.exe", "a.pptx", "a.svg", "noext"])
      expect(kbFileProblem({ name, size: 1 })).toBe(`${name} is not a supported file type.`);
  });

  it("[FILE-25] names are sanitised before upload: # → no, whitespace runs → _, other characters removed", () => {
    expect(sanitizeFileName("Q3 #2 report (final).pdf")).toBe("Q3_no2_report_final.pdf");
  });

  it("[KB-63] concurrency is the smaller of 6 and the number of files", async () => {
    expect([1, 2, 5, 6, 7, 40].map(kbUploadConcurrency)).toEqual([1, 2, 5, 6, 6, 6]);
    for (const count of [3, 9]) {
      let running = 0;
      let peak = 0;
      await withConcurrency(Array.from({ length: count }), kbUploadConcurrency(count), async () => {
        peak = Math.max(peak, ++running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
      });
      expect(peak).toBe(Math.min(6, count));
    }
  });

  it("[KB-65] [KB-66] a batch ends in the spec's toasts", () => {
    expect(kbUploadToasts(3, 0)).toEqual([
      { kind: "success", text: "Successfully uploaded 3 file(s) to knowledge base" },
    ]);
    expect(kbUploadToasts(3, 1)).toEqual([
      { kind: "warning", text: "1 file(s) failed to upload" },
      { kind: "success", text: "Uploaded 2 file(s)" },
    ]);
    expect(kbUploadToasts(2, 2)).toEqual([{ kind: "error", text: "Failed to upload files. Please try again." }]);
    expect(kbUploadToasts(0, 0)).toEqual([]);
  });
});
