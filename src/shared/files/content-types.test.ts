import { describe, expect, it } from "vitest";
import { mediaTypeOf, uploadContentType } from "./content-types";
import { CHAT_ACCEPTED_EXTENSIONS } from "./rules";
import { presignDownloadInput } from "./schema";

describe("upload content types (FILE-21, FILE-23)", () => {
  it("[FILE-21] every accepted extension has a type, and a missing or generic type takes it", () => {
    for (const ext of CHAT_ACCEPTED_EXTENSIONS) {
      expect(uploadContentType(`f.${ext}`, ""), ext).toMatch(/^[a-z]+\/[a-z0-9.+-]+$/);
      expect(uploadContentType(`f.${ext}`, "application/octet-stream")).toBe(uploadContentType(`f.${ext}`, undefined));
    }
    expect(uploadContentType("Report.PDF", "")).toBe("application/pdf");
  });

  it("[FILE-23] a type that contradicts the extension, or an extension off the list, gives null", () => {
    expect(uploadContentType("cat.png", "text/html")).toBeNull();
    expect(uploadContentType("notes.txt", "image/svg+xml")).toBeNull();
    expect(uploadContentType("logo.svg", "image/svg+xml")).toBeNull();
    expect(uploadContentType("noext", "text/plain")).toBeNull();
  });

  it("accepts what browsers send for the same file, ignoring parameters and case", () => {
    expect(uploadContentType("data.csv", "application/vnd.ms-excel")).toBe("application/vnd.ms-excel");
    expect(uploadContentType("a.txt", "Text/Plain; charset=UTF-8")).toBe("text/plain");
    expect(uploadContentType("m.xlsm", "application/vnd.ms-excel.sheet.macroEnabled.12")).toBe(
      "application/vnd.ms-excel.sheet.macroenabled.12",
    );
    expect(mediaTypeOf(" image/PNG ; q=1")).toBe("image/png");
  });
});

describe("download request (FILE-15, API-16)", () => {
  it("[FILE-15] needs r2Path and a filename, unless it is an inline preview", () => {
    const message = "r2Path and filename are required for download.";
    expect(presignDownloadInput.safeParse({ r2Path: "k", filename: "a.txt" }).success).toBe(true);
    expect(presignDownloadInput.safeParse({ r2Path: "k", disposition: "inline" }).success).toBe(true);
    for (const body of [{ r2Path: "k" }, { filename: "a.txt" }, { r2Path: "", filename: "a.txt" }, {}]) {
      const parsed = presignDownloadInput.safeParse(body);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(message);
    }
  });
});
