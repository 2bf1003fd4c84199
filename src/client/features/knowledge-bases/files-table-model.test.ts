import { describe, expect, it } from "vitest";
import type { KnowledgeBaseFile } from "@/shared/knowledge-bases";
import {
  deleteSelectedConfirm,
  deleteSelectedLabel,
  filterFiles,
  nextSort,
  pageCount,
  pageOf,
  PAGE_SIZE,
  rowActions,
  selectionText,
  sortFiles,
} from "./files-table-model";

const file = (over: Partial<KnowledgeBaseFile>): KnowledgeBaseFile => ({
  id: "f",
  knowledgeBaseId: "kb",
  fileName: "a.pdf",
  fileKey: "k",
  contentKey: "c",
  contentType: "application/pdf",
  fileSize: 1,
  processingStatus: "indexed",
  processingError: null,
  extractedData: {},
  extractedDataPages: {},
  pageCount: 1,
  chunkCount: 1,
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
  ...over,
});

const FILES = [
  file({
    id: "1",
    fileName: "Beta.pdf",
    fileSize: 300,
    processingStatus: "indexed",
    createdAt: "2026-01-02T00:00:00Z",
  }),
  file({
    id: "2",
    fileName: "alpha.docx",
    fileSize: 100,
    processingStatus: "failed",
    createdAt: "2026-01-03T00:00:00Z",
  }),
  file({
    id: "3",
    fileName: "gamma.txt",
    fileSize: 200,
    processingStatus: "pending",
    createdAt: "2026-01-01T00:00:00Z",
  }),
];
const names = (files: KnowledgeBaseFile[]) => files.map((f) => f.fileName);

describe("files table rules", () => {
  it("[KB-33] the filter matches the file name, case-insensitively", () => {
    expect(names(filterFiles(FILES, "BETA"))).toEqual(["Beta.pdf"]);
    expect(names(filterFiles(FILES, " a."))).toEqual(["Beta.pdf", "alpha.docx", "gamma.txt"]);
    expect(filterFiles(FILES, "zzz")).toEqual([]);
  });

  it("[KB-34] Name, Status, Size and Date sort both ways; unsorted shows the newest first", () => {
    expect(names(sortFiles(FILES, null))).toEqual(["alpha.docx", "Beta.pdf", "gamma.txt"]);
    expect(names(sortFiles(FILES, { column: "name", direction: "asc" }))).toEqual([
      "alpha.docx",
      "Beta.pdf",
      "gamma.txt",
    ]);
    expect(names(sortFiles(FILES, { column: "size", direction: "desc" }))).toEqual([
      "Beta.pdf",
      "gamma.txt",
      "alpha.docx",
    ]);
    // By the badge's text: Failed, Pending, Ready.
    expect(names(sortFiles(FILES, { column: "status", direction: "asc" }))).toEqual([
      "alpha.docx",
      "gamma.txt",
      "Beta.pdf",
    ]);
    expect(names(sortFiles(FILES, { column: "date", direction: "asc" }))).toEqual([
      "gamma.txt",
      "Beta.pdf",
      "alpha.docx",
    ]);
    expect(nextSort(null, "size")).toEqual({ column: "size", direction: "asc" });
    expect(nextSort({ column: "size", direction: "asc" }, "size")).toEqual({ column: "size", direction: "desc" });
    expect(nextSort({ column: "size", direction: "desc" }, "size")).toEqual({ column: "size", direction: "asc" });
    expect(nextSort({ column: "size", direction: "desc" }, "name")).toEqual({ column: "name", direction: "asc" });
  });

  it("[KB-36] pages hold 10 rows", () => {
    expect(PAGE_SIZE).toBe(10);
    const rows = Array.from({ length: 23 }, (_, i) => i);
    expect(pageCount(rows.length)).toBe(3);
    expect(pageCount(0)).toBe(1);
    expect(pageOf(rows, 0)).toEqual(rows.slice(0, 10));
    expect(pageOf(rows, 2)).toEqual([20, 21, 22]);
  });

  it("[KB-37] [KB-38] [KB-39] selection and bulk delete texts", () => {
    expect(selectionText(2, 13)).toBe("2 of 13 row(s) selected.");
    expect(deleteSelectedLabel(2)).toBe("Delete Selected (2)");
    expect(deleteSelectedConfirm(2)).toBe(
      "Are you sure you want to delete 2 selected file(s)? This action cannot be undone.",
    );
  });

  it("[KB-40] [KB-41] [KB-42] [KB-43] the row menu's visibility rules", () => {
    expect(rowActions({ extractedData: {}, processingStatus: "indexed" })).toEqual(["Download File", "Delete File"]);
    expect(rowActions({ extractedData: { title: "x" }, processingStatus: "indexed" })).toEqual([
      "Download File",
      "View Extracted Data",
      "Review Extracted Data",
      "Delete File",
    ]);
    expect(rowActions({ extractedData: null, processingStatus: "failed" })).toEqual([
      "Download File",
      "Retry Processing",
      "Delete File",
    ]);
    expect(rowActions({ extractedData: {}, processingStatus: "completed" })).toContain("Retry Processing");
    for (const status of ["pending", "processing", "indexed"])
      expect(rowActions({ extractedData: {}, processingStatus: status })).not.toContain("Retry Processing");
  });
});
