// @vitest-environment happy-dom
// search_tiktok's card: captions, authors and engagement (chat spec §2 tool-call cards).
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, within } from "@testing-library/react";
import { showToolResult, toolOutput } from "../test-helpers";

afterEach(cleanup);

describe("TikTok results", () => {
  it("[TOOL-19] each video shows its caption (linked to the video), author, date and engagement, and its top comments", () => {
    showToolResult(
      "search_tiktok",
      { search_term: "sourdough" },
      {
        status: "success",
        videos: [
          {
            id: "7301234567890123457",
            url: "https://www.tiktok.com/@breadlady/video/7301234567890123457",
            caption: "Easy sourdough recipe #baking",
            author: "breadlady",
            created_at: "2024-05-01T10:00:00.000Z",
            like_count: 1200,
            comment_count: 3,
            share_count: 40,
            view_count: 50000,
            comments: [{ text: "best recipe ever", like_count: 80 }],
          },
          { id: "2", caption: "", author: "quiet", like_count: 0 },
        ],
      },
    );
    const [first, second] = within(toolOutput()).getAllByTestId("tiktok-video");
    expect(within(first!).getByRole("link", { name: "Easy sourdough recipe #baking" }).getAttribute("href")).toBe(
      "https://www.tiktok.com/@breadlady/video/7301234567890123457",
    );
    expect(first!.textContent).toContain(
      "@breadlady · 2024-05-01 · 1,200 likes · 3 comments · 40 shares · 50,000 views",
    );
    const comments = within(within(first!).getByRole("list", { name: "Top comments" })).getAllByRole("listitem");
    expect(comments.map((li) => li.textContent)).toEqual(["best recipe ever (80 likes)"]);
    expect(second!.textContent).toContain("(no caption)");
    expect(second!.textContent).toContain("@quiet · 0 likes");
  });

  it("an empty search says No results found", () => {
    showToolResult("search_tiktok", { search_term: "x" }, { status: "success", videos: [] });
    expect(toolOutput().textContent).toContain("No results found");
  });
});
