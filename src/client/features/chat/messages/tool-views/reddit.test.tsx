// @vitest-environment happy-dom
// Reddit posts with their top comments (chat spec §9).
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, within } from "@testing-library/react";
import { redditResult } from "@/tools/result-parts";
import { showToolResult, toolOutput } from "../test-helpers";

afterEach(cleanup);

const posts = () => within(toolOutput()).getAllByTestId("reddit-post");

const comments = [
  { author: "low", body: "meh", score: 1 },
  { author: "top", body: "best answer", score: 90 },
  { author: "second", body: "good point", score: 40 },
  { author: "third", body: "also fine", score: 20 },
  { author: "fourth", body: "late", score: 10 },
];

describe("Reddit results", () => {
  it("[TOOLCARD-21] Reddit results show up to 3 top comments per post", () => {
    const result = {
      posts: [
        {
          title: "Which BI tool?",
          subreddit: "datascience",
          author: "ana",
          score: 321,
          permalink: "/r/datascience/comments/abc/which_bi_tool/",
          comments,
        },
        {
          title: "Quiet post",
          subreddit: "datascience",
          url: "https://example.com/article",
          comments: [{ body: "only one" }],
        },
      ],
    };
    expect(redditResult.parse(result).posts).toHaveLength(2);
    for (const tool of ["read_subreddit", "search_reddit"]) {
      showToolResult(tool, { subreddit: "datascience", search_term: "bi" }, { status: "success", ...result });
      const [first, second] = posts();
      const top = within(within(first!).getByRole("list", { name: "Top comments" })).getAllByRole("listitem");
      expect(top.map((li) => li.textContent)).toEqual(["top: best answer", "second: good point", "third: also fine"]);
      expect(within(first!).getByRole("link", { name: "Which BI tool?" }).getAttribute("href")).toBe(
        "https://www.reddit.com/r/datascience/comments/abc/which_bi_tool/",
      );
      expect(first!.textContent).toContain("r/datascience · u/ana · 321 points");
      expect(within(within(second!).getByRole("list", { name: "Top comments" })).getAllByRole("listitem")).toHaveLength(
        1,
      );
      expect(within(second!).getByRole("link", { name: "Quiet post" }).getAttribute("rel")).toBe(
        "nofollow noopener noreferrer",
      );
      cleanup();
    }
  });
});
