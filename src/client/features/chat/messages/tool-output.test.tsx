// @vitest-environment happy-dom
// The Output of a tool-call card: per-tool preview lengths, text cuts, empty results and generated files
// (chat spec §3 result shapes, §8 empty-result texts, §9 limits).
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { emailSentContent, sendEmailResult } from "@/tools/send-email/result";
import { generatedFile } from "@/tools/result-parts";
import { toolsByName } from "@/tools/registry";
import { showToolResult, toolOutput } from "./test-helpers";
import { TOOL_CARDS } from "./tool-output";
import { jsonResponse as json, mockFetch } from "@/client/test/fetch-mock";

const fetchMock = mockFetch();

afterEach(() => {
  vi.restoreAllMocks();
});

const viewerText = () => within(toolOutput()).getAllByTestId("long-text")[0]!.textContent;

describe("ToolOutput", () => {
  it("finds each tool's view in its own folder (src/tools/<tool>/card.tsx), named after a tool of the catalogue", () => {
    for (const name of Object.keys(TOOL_CARDS)) expect(toolsByName[name], name).toBeDefined();
    expect(Object.keys(TOOL_CARDS)).toEqual(
      expect.arrayContaining([
        "ask_web",
        "perplexity_deep_research",
        "postgres_sql",
        "snowflake_sql",
        "hybrid_search_pg",
        "query_pinecone",
        "read_subreddit",
        "search_reddit",
        "read_kb_file",
      ]),
    );
  });

  it("[TOOLCARD-11] deep research previews 500 characters of its report, email 300 of its answer, others 400", async () => {
    const report = "r".repeat(700);
    showToolResult("perplexity_deep_research", { query: "q" }, { status: "success", message: report, citations: [] });
    expect(viewerText()).toBe(`${"r".repeat(500)}…`);
    await userEvent.click(within(toolOutput()).getByRole("button", { name: "Show more" }));
    expect(viewerText()).toBe(report);
    cleanup();

    // The same length when deep research answers in plain content.
    showToolResult("perplexity_deep_research", { query: "q" }, { status: "success", content: report });
    expect(viewerText()).toBe(`${"r".repeat(500)}…`);
    cleanup();

    showToolResult("send_email", { to: ["a@example.com"] }, { status: "success", content: "e".repeat(700) });
    expect(viewerText()).toBe(`${"e".repeat(300)}…`);
    cleanup();

    showToolResult("search_google", { query: "q" }, { status: "success", content: "g".repeat(700) });
    expect(viewerText()).toBe(`${"g".repeat(400)}…`);
  });

  it("[TOOL-31] a sent email's answer may count its attachments, and the card shows it", () => {
    const content = emailSentContent(2, 3);
    expect(content).toBe("Email sent to 2 recipient(s) with 3 attachment(s).");
    expect(emailSentContent(1)).toBe("Email sent to 1 recipient(s).");
    expect(sendEmailResult.parse({ status: "success", content })).toEqual({ content });

    showToolResult(
      "send_email",
      {
        to: ["a@example.com", "b@example.com"],
        subject: "Q3",
        html: "<p>hi</p>",
        attachment_file_ids: ["f1", "f2", "f3"],
      },
      { status: "success", content },
    );
    expect(screen.getByRole("button", { expanded: true }).textContent).toContain("Email sent to 2 recipient(s)");
    expect(viewerText()).toBe(content);
  });

  it("[TOOLCARD-13] long text in a result item is cut at 200 characters", () => {
    const long = `${"a".repeat(200)}TAIL`;
    showToolResult(
      "semantic_search_pg",
      { query: "q", table_name: "docs" },
      { status: "success", content: JSON.stringify([{ title: "Doc", content: long }]) },
    );
    expect(toolOutput().textContent).toContain(`${"a".repeat(200)}…`);
    expect(toolOutput().textContent).not.toContain("TAIL");
    cleanup();

    showToolResult(
      "search_reddit",
      { search_term: "q" },
      { status: "success", posts: [{ title: "Post", selftext: long, comments: [{ body: long }] }] },
    );
    expect(toolOutput().textContent).not.toContain("TAIL");
    expect(toolOutput().textContent!.split(`${"a".repeat(200)}…`)).toHaveLength(3); // the post's text and its comment
  });

  it("[TOOLCARD-37] empty results read No results returned (SQL), No results found (searches), No relevant information found... (knowledge bases)", () => {
    const cases: Array<[string, unknown, string]> = [
      ["snowflake_sql", { status: "success", headers: [["ID", "NUMBER"]], rows: [] }, "No results returned"],
      ["postgres_sql", { status: "success", headers: ["id"], rows: [] }, "No results returned"],
      ["hybrid_search_pg", { status: "success", content: "[]" }, "No results found"],
      ["keyword_search_pg", { status: "success", content: [] }, "No results found"],
      ["query_pinecone", { status: "success", matches: [] }, "No results found"],
      ["read_subreddit", { status: "success", posts: [] }, "No results found"],
      [
        "search_knowledge_base",
        { status: "success", results: [], totalResults: 0, query: "q" },
        "No relevant information found...",
      ],
    ];
    for (const [tool, result, text] of cases) {
      showToolResult(tool, {}, result);
      expect(within(toolOutput()).getByText(text)).toBeTruthy();
      cleanup();
    }
  });

  it("[TOOLCARD-24] generated files carry fileId, r2_path, filename, contentType and size, and download from the card", async () => {
    const file = {
      fileId: "f_1",
      r2_path: "org/o/generated/f_1/deck.pptx",
      filename: "deck.pptx",
      contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      size: 20480,
    };
    expect(generatedFile.parse(file)).toEqual(file);
    for (const field of Object.keys(file)) {
      const { [field]: _, ...rest } = file as Record<string, unknown>;
      expect(generatedFile.safeParse(rest).success).toBe(false);
    }

    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(json({ signedUrl: "https://files.example/deck.pptx?sig=1" }));
    showToolResult(
      "generate_powerpoint",
      { slides: [] },
      { status: "success", content: "Presentation ready", files: [file, { filename: "half.txt" }] },
    );
    const list = within(toolOutput()).getByRole("list", { name: "Generated files" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(1); // an entry without a path cannot be downloaded
    expect(items[0]!.textContent).toContain("deck.pptx");
    expect(items[0]!.textContent).toContain("20.0 KB");

    await userEvent.click(within(items[0]!).getByRole("button", { name: "Download" }));
    expect(String(fetchMock.mock.calls[0]![0])).toBe("/api/files/presigned_download");
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({
      r2Path: file.r2_path,
      filename: "deck.pptx",
    });
    expect(assign).toHaveBeenCalledWith("https://files.example/deck.pptx?sig=1");
  });

  it("ask_web and deep research link their citations in a new tab, web addresses only", () => {
    showToolResult(
      "ask_web",
      { query: "q" },
      {
        status: "success",
        message: "Answer",
        citations: ["https://a.example/x", "javascript:alert(1)", "//evil.example"],
      },
    );
    const links = within(toolOutput()).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["https://a.example/x"]);
    expect(links[0]!.getAttribute("target")).toBe("_blank");
    expect(links[0]!.getAttribute("rel")).toBe("nofollow noopener noreferrer");
    expect(toolOutput().textContent).toContain("javascript:alert(1)"); // shown, not linked
    cleanup();

    showToolResult(
      "perplexity_deep_research",
      { query: "q" },
      {
        status: "success",
        message: "Report",
        citations: ["https://b.example"],
        searchResults: [{ url: "https://c.example/p", title: "C paper", date: "2024-05-01" }],
        usage: { numSearchQueries: 12, reasoningTokens: 34567, totalTokens: 45678 },
      },
    );
    expect(within(toolOutput()).getByRole("link", { name: "C paper" }).getAttribute("rel")).toBe(
      "nofollow noopener noreferrer",
    );
    expect(within(toolOutput()).getByRole("link", { name: "https://b.example" })).toBeTruthy();
    expect(toolOutput().textContent).toContain("Search queries: 12");
    expect(toolOutput().textContent).toContain(`Total tokens: ${(45678).toLocaleString()}`);
  });

  it("a result that does not fit its tool's shape falls back to the plain viewer", () => {
    showToolResult("query_pinecone", { query: "q" }, { status: "success", content: "Pinecone said something else" });
    expect(viewerText()).toBe("Pinecone said something else");
  });
});
