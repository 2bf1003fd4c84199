// @vitest-environment happy-dom
// The web tools' cards: search_google's results, ask_web's and deep research's citations as links
// (chat spec §2 cards, §3 result shapes, §8 empty results).
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, within } from "@testing-library/react";
import { askWebResult } from "@/tools/ask-web/result";
import { deepResearchResult } from "@/tools/perplexity-deep-research/result";
import { searchGoogleResult } from "@/tools/search-google/result";
import { showToolResult, toolOutput } from "../test-helpers";
import { statusLine } from "../tool-status";

afterEach(cleanup);

const links = () =>
  within(toolOutput())
    .queryAllByRole("link")
    .map((a) => ({ name: a.textContent, href: a.getAttribute("href"), target: a.getAttribute("target") }));

describe("web tool cards", () => {
  it("[TOOLCARD-08] search_google and ask_web read Searching... while they run", () => {
    expect(statusLine("search_google", { query: "tides" }, "running")).toBe("Searching...");
    expect(statusLine("ask_web", { query: "tides" }, "running")).toBe("Searching...");
  });

  it("[TOOL-09] search_google shows each result's title as a link to its page, with its snippet", () => {
    const result = {
      status: "success",
      query: "tides",
      results: [
        { title: "Tide tables", link: "https://harbour.example/tides", snippet: "Spring tides peak on Saturday." },
        { title: "", link: "https://coast.example/guide", snippet: "s".repeat(300) },
        { title: "Bad link", link: "javascript:alert(1)", snippet: "" },
      ],
    };
    expect(searchGoogleResult.parse(result).results).toHaveLength(3);
    showToolResult("search_google", { query: "tides" }, result);
    expect(links()).toEqual([
      { name: "Tide tables", href: "https://harbour.example/tides", target: "_blank" },
      { name: "https://coast.example/guide", href: "https://coast.example/guide", target: "_blank" },
    ]);
    const items = within(toolOutput())
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(items[0]).toBe("Tide tablesSpring tides peak on Saturday.");
    expect(items[1]).toContain(`${"s".repeat(200)}…`); // TOOLCARD-13's cut
    expect(items[2]).toBe("Bad link"); // shown, not linked
  });

  it("[TOOLCARD-37] a search that found nothing reads No results found", () => {
    showToolResult("search_google", { query: "tides" }, { status: "success", query: "tides", results: [] });
    expect(toolOutput().textContent).toContain("No results found");
  });

  it("[TOOL-11] ask_web shows its answer and its citations as links", () => {
    const result = { status: "success", message: "Saturday [1].", citations: ["https://harbour.example/tides"] };
    expect(askWebResult.parse(result)).toEqual({
      message: "Saturday [1].",
      citations: ["https://harbour.example/tides"],
    });
    showToolResult("ask_web", { query: "tides" }, result);
    expect(toolOutput().textContent).toContain("Saturday [1].");
    expect(links()).toEqual([
      { name: "https://harbour.example/tides", href: "https://harbour.example/tides", target: "_blank" },
    ]);
  });

  it("[TOOL-12] deep research shows its report, citations and search results as links, and what it used", () => {
    const result = {
      status: "success",
      message: "Report",
      citations: ["https://harbour.example/tides"],
      usage: { numSearchQueries: 18, reasoningTokens: 26501, totalTokens: 48213 },
      searchResults: [
        { url: "https://harbour.example/tides", title: "Tide tables 2025", date: "2025-03-01" },
        { url: "https://coast.example/guide", title: null, date: null },
      ],
    };
    expect(deepResearchResult.parse(result).usage).toEqual(result.usage);
    showToolResult("perplexity_deep_research", { query: "tides" }, result);
    expect(links().map((l) => [l.name, l.href])).toEqual([
      ["https://harbour.example/tides", "https://harbour.example/tides"],
      ["Tide tables 2025", "https://harbour.example/tides"],
      ["https://coast.example/guide", "https://coast.example/guide"],
    ]);
    const text = toolOutput().textContent;
    expect(text).toContain("2025-03-01");
    expect(text).toContain("Search queries: 18");
    expect(text).toContain(`Reasoning tokens: ${(26501).toLocaleString()}`);
    expect(text).toContain(`Total tokens: ${(48213).toLocaleString()}`);
  });
});
