import { describe, expect, it } from "vitest";
import { checkChatFile, formatKb, isPreviewableImage, pastedImageName, sanitizeFileName } from "./rules";

describe("chat file rules", () => {
  it("[FILE-03] sizes in KB with one decimal; a tiny file is <0.1 KB, not 0.0 KB", () => {
    expect(formatKb(512)).toBe("0.5 KB");
    expect(formatKb(2048 * 1024)).toBe("2048.0 KB");
    expect(formatKb(30)).toBe("<0.1 KB");
    expect(formatKb(103)).toBe("0.1 KB");
    expect(formatKb(0)).toBe("0.0 KB");
  });

  it("[FILE-25] sanitises names: # → no, whitespace runs → _, other characters removed", () => {
    expect(sanitizeFileName("Invoice #12 final (v2).pdf")).toBe("Invoice_no12_final_v2.pdf");
    expect(sanitizeFileName("a   b\tc.txt")).toBe("a_b_c.txt");
    expect(sanitizeFileName("résumé–2024.docx")).toBe("rsum2024.docx");
  });

  it("[FILE-19][FILE-23] accepts the listed types up to 50 MB", () => {
    expect(checkChatFile({ name: "a.pdf", size: 50 * 1024 * 1024 }).ok).toBe(true);
    expect(checkChatFile({ name: "a.yml", size: 10 }).ok).toBe(true);
    expect(checkChatFile({ name: "a.pdf", size: 50 * 1024 * 1024 + 1 })).toEqual({
      ok: false,
      message: "a.pdf: File is too large. Maximum file size is 50MB.",
    });
    expect(checkChatFile({ name: "a.exe", size: 1 })).toEqual({
      ok: false,
      message: "a.exe is not a supported file type.",
    });
  });

  it("[FILE-04] previews png, jpeg, jpg, gif, webp and svg only", () => {
    expect(isPreviewableImage("x.svg")).toBe(true);
    expect(isPreviewableImage("x", "image/webp")).toBe(true);
    expect(isPreviewableImage("x.bmp", "image/bmp")).toBe(false);
  });

  it("[FILE-26] names pasted images pasted_image_{timestamp}.{ext}", () => {
    expect(pastedImageName(1700000000000, "png")).toBe("pasted_image_1700000000000.png");
  });
});
