// @vitest-environment happy-dom
// Postgres search items and Pinecone matches (chat spec §3 result shapes, §9 score format).
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, within } from "@testing-library/react";
import { queryPineconeResult } from "@/tools/query-pinecone/result";
import { pgSearchResult } from "@/tools/result-parts";
import { showToolResult, toolOutput } from "../test-helpers";

afterEach(cleanup);

const items = () =>
  within(toolOutput())
    .getAllByRole("listitem")
    .map((li) => li.textContent);

describe("search result items", () => {
  it("[TOOL-28] Postgres searches return items with an optional title and content", () => {
    const found = [{ title: "Refund policy", content: "Refunds within 30 days." }, { content: "Untitled passage." }];
    expect(pgSearchResult.parse(found)).toEqual(found);
    expect(pgSearchResult.safeParse([{ title: "No content" }]).success).toBe(false);

    for (const tool of ["hybrid_search_pg", "semantic_search_pg", "keyword_search_pg", "filter_and_search_pg"]) {
      showToolResult(
        tool,
        { query: "refunds", keyword: "refunds", table_name: "public.docs" },
        { status: "success", content: JSON.stringify(found) },
      );
      expect(items()).toEqual(["Refund policyRefunds within 30 days.", "Untitled passage."]);
      cleanup();
    }
  });

  it("[TOOLCARD-19] Pinecone scores are shown to 4 decimals", () => {
    const result = {
      status: "success",
      matches: [
        { id: "doc-1", score: 0.912345, metadata: { text: "Quarterly revenue grew." } },
        { score: 0.5, metadata: { source: "wiki" } },
      ],
    };
    expect(queryPineconeResult.parse(result).matches).toHaveLength(2);
    showToolResult("query_pinecone", { query: "revenue" }, result);
    expect(items()[0]).toContain("Score 0.9123 · doc-1");
    expect(items()[0]).toContain("Quarterly revenue grew.");
    expect(items()[1]).toContain("Score 0.5000");
    expect(items()[1]).toContain("wiki");
  });
});
