// @vitest-environment happy-dom
// Knowledge-base searches, page fetches and file reads (chat spec §3 result shapes, §8 warning, §9 limits).
import { describe, expect, it } from "vitest";
import { within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { kbFilePagesResult } from "@/tools/get-kb-file-pages/result";
import { readKbFileResult } from "@/tools/read-kb-file/result";
import { searchKnowledgeBaseResult } from "@/tools/search-knowledge-base/result";
import { showToolResult, toolOutput } from "../test-helpers";
import { jsonResponse as json, mockFetch } from "@/client/test/fetch-mock";

const fetchMock = mockFetch();

const viewerText = () => within(toolOutput()).getByTestId("long-text").textContent;

const match = {
  knowledgeBaseName: "Policies",
  fileName: "handbook.pdf",
  pageNumbers: [3, 4],
  searchType: "vector",
  similarityScore: 0.8734,
  content: "Employees accrue 25 days of leave.",
};

describe("knowledge-base results", () => {
  it("[TOOL-33] a search answers results (knowledgeBaseName, fileName, pageNumbers, searchType, similarityScore, content), totalResults and query", () => {
    const response = {
      results: [match, { ...match, searchType: "text", pageNumbers: [9], similarityScore: 0.5 }],
      totalResults: 2,
      query: "leave",
    };
    expect(searchKnowledgeBaseResult.parse(response)).toEqual(response);
    expect(
      searchKnowledgeBaseResult.safeParse({ ...response, results: [{ ...match, searchType: "fuzzy" }] }).success,
    ).toBe(false);

    showToolResult(
      "search_knowledge_base",
      { query: "leave" },
      { status: "success", content: JSON.stringify(response) },
    );
    const items = within(toolOutput())
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(items[0]).toContain("handbook.pdf");
    expect(items[0]).toContain("Policies · Pages 3, 4 · vector");
    expect(items[0]).toContain("Employees accrue 25 days of leave.");
    expect(items[1]).toContain("Page 9 · text");
  });

  it("[TOOLCARD-20] a knowledge-base match is shown as a percentage with 1 decimal", () => {
    showToolResult(
      "search_knowledge_base",
      { query: "leave" },
      { status: "success", results: [match, { ...match, similarityScore: 0.5 }], totalResults: 2, query: "leave" },
    );
    const items = within(toolOutput()).getAllByRole("listitem");
    expect(within(items[0]!).getByText("87.3%")).toBeTruthy();
    expect(within(items[1]!).getByText("50.0%")).toBeTruthy();
  });

  it("[TOOL-35] [TOOLCARD-14] a page fetch returns file, pages, text and images (page, key); its text preview is capped at 800", async () => {
    fetchMock.mockImplementation(async () => json({ signedUrl: "https://files.example/p.png" }));
    const result = {
      file: { fileName: "handbook.pdf", knowledgeBaseName: "Policies" },
      pages: [3, 4],
      text: `${"p".repeat(800)}HIDDEN`,
      images: [{ page: 3, key: "org/o/kb/1/p3.png" }],
    };
    expect(kbFilePagesResult.parse(result)).toEqual(result);

    showToolResult(
      "get_kb_file_pages",
      { knowledge_base_id: 1, file_id: "f1", file_name: "handbook.pdf", pages: [3, 4] },
      { status: "success", ...result },
    );
    expect(toolOutput().textContent).toContain("handbook.pdf · Policies · Pages 3, 4");
    await userEvent.click(within(toolOutput()).getByRole("button", { name: "Show more" }));
    expect(viewerText()).toBe(`${"p".repeat(800)}…`);
    expect(await within(toolOutput()).findByRole("img", { name: "handbook.pdf, page 3" })).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({
      r2Path: "org/o/kb/1/p3.png",
      disposition: "inline",
    });
  });

  it("[TOOL-37] [TOOLCARD-14] a file read returns file (fileName, knowledgeBaseName, totalChunks), text, chunksReturned, nextOffset, truncatedChunks", async () => {
    const result = {
      file: { fileName: "handbook.pdf", knowledgeBaseName: "Policies", totalChunks: 12 },
      text: "r".repeat(900),
      chunksReturned: 5,
      nextOffset: 5,
      truncatedChunks: 0,
    };
    expect(readKbFileResult.parse(result)).toEqual(result);
    expect(readKbFileResult.safeParse({ ...result, nextOffset: null }).success).toBe(true); // the end of the file

    showToolResult("read_kb_file", { file_id: "f1" }, { status: "success", content: JSON.stringify(result) });
    expect(toolOutput().textContent).toContain("handbook.pdf · Policies · 5 of 12 chunks");
    await userEvent.click(within(toolOutput()).getByRole("button", { name: "Show more" }));
    expect(viewerText()).toBe(`${"r".repeat(800)}…`);
    expect(toolOutput().textContent).not.toContain("shortened");
  });

  it("[TOOLCARD-38] the truncation warning reads N sections were shortened due to size limits.", () => {
    const result = {
      file: { fileName: "handbook.pdf", knowledgeBaseName: "Policies", totalChunks: 12 },
      text: "short",
      chunksReturned: 5,
      nextOffset: 5,
      truncatedChunks: 2,
    };
    showToolResult("read_kb_file", { file_id: "f1" }, { status: "success", ...result });
    expect(within(toolOutput()).getByText("2 sections were shortened due to size limits.")).toBeTruthy();
  });
});
