// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { downloadTarget, isAllowedHref, isDownloadableHref } from "./link-rules";

describe("markdown links", () => {
  it("[MSG-04] keeps http, https and protocol-relative links only", () => {
    expect(isAllowedHref("https://example.com")).toBe(true);
    expect(isAllowedHref("HTTP://example.com/a")).toBe(true);
    expect(isAllowedHref("//cdn.example.com/x")).toBe(true);
    for (const bad of [
      "javascript:alert(1)",
      "data:text/html,hi",
      "mailto:a@b.c",
      "/relative",
      "ftp://x",
      "vbscript:x",
      "",
      undefined,
    ]) {
      expect(isAllowedHref(bad), String(bad)).toBe(false);
    }
  });

  it("[MSG-21] recognises sandbox:/ and our own /api/files/ links as downloads", () => {
    expect(isDownloadableHref("sandbox:/mnt/data/report.csv")).toBe(true);
    expect(isDownloadableHref("/api/files/org/o1/generated/f1/report.csv")).toBe(true);
    expect(isDownloadableHref(`${window.location.origin}/api/files/org/o1/x.csv`)).toBe(true);
    expect(isDownloadableHref("https://elsewhere.example/api/files/x.csv")).toBe(false);
    expect(isDownloadableHref("https://example.com/report.csv")).toBe(false);
  });

  it("[MSG-21] a sandbox path names a generated file; an /api/files/ link names its key", () => {
    const generated = [{ r2_path: "org/o1/generated/f1/report.csv", filename: "report.csv" }];
    expect(downloadTarget("sandbox:/mnt/data/report.csv", generated)).toEqual({
      r2Path: "org/o1/generated/f1/report.csv",
      filename: "report.csv",
    });
    expect(downloadTarget("sandbox:/mnt/data/other.csv", generated)).toBeNull();
    expect(downloadTarget("/api/files/org/o1/generated/f2/a%20b.txt", [])).toEqual({
      r2Path: "org/o1/generated/f2/a b.txt",
      filename: "a b.txt",
    });
  });
});
