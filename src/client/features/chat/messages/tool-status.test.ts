import { describe, expect, it } from "vitest";
import { cardState, errorDetail, statusLine } from "./tool-status";

const ok = (name: string, args: Record<string, unknown> = {}) =>
  statusLine(name, args, "success", { status: "success", content: "done" });
const fail = (name: string, args: Record<string, unknown> = {}, result: unknown = { status: "error", error: "boom" }) =>
  statusLine(name, args, "error", result);

describe("tool card status lines", () => {
  it("[TOOLCARD-08] progress verbs while running", () => {
    expect(statusLine("search_google", {}, "running")).toBe("Searching...");
    for (const pg of ["keyword_search_pg", "semantic_search_pg", "hybrid_search_pg", "filter_and_search_pg"])
      expect(statusLine(pg, { query: "q", table_name: "docs" }, "running")).toBe("Searching...");
    expect(statusLine("execute_python", {}, "running")).toBe("Executing...");
    expect(statusLine("schedule_task", {}, "running")).toBe("Scheduling...");
    expect(statusLine("call_agent", {}, "running")).toBe("Running Call Agent...");
  });

  it("[TOOLCARD-23] [TOOLCARD-28] status success or error, also as top-level fallbacks; else unknown", () => {
    expect(cardState({ state: "call" })).toBe("running");
    expect(cardState({ state: "result", result: { status: "success" } })).toBe("success");
    expect(cardState({ state: "result", result: { error: "x" } })).toBe("error");
    expect(cardState({ state: "result", result: { content: "x" } })).toBe("success");
    expect(cardState({ state: "result", result: { status: "weird" } })).toBe("unknown");
  });

  it("[TOOLCARD-27] the error detail is the first of content, error or message", () => {
    expect(errorDetail({ content: "c", error: "e" })).toBe("c");
    expect(errorDetail({ error: "e", message: "m" })).toBe("e");
    expect(errorDetail({ message: "m" })).toBe("m");
    expect(errorDetail({})).toBe("Unknown error occurred");
  });

  it("[TOOLCARD-29] [TOOLCARD-30] [TOOLCARD-31] [TOOLCARD-17] [TOOLCARD-32] [TOOLCARD-33] [TOOLCARD-35] failure lines", () => {
    expect(fail("scrape_url", { url: "https://news.example.com/a" })).toBe(
      "Failed to read content from news.example.com",
    );
    expect(fail("ask_web", { query: "why" })).toBe('Failed to get answer for "why"');
    expect(fail("perplexity_deep_research", { query: "q".repeat(200) })).toBe(
      `Failed to complete deep research on "${"q".repeat(150)}"`,
    );
    expect(fail("snowflake_sql")).toBe("SQL query execution failed");
    expect(fail("postgres_sql")).toBe("PostgreSQL query execution failed");
    expect(fail("send_email", { to: ["a@x", "b@x"] })).toBe("Failed to send email to 2 recipient(s)");
  });

  it("[TOOLCARD-36] [TOOLCARD-39] [TOOLCARD-40] [TOOLCARD-41] [TOOLCARD-42] [TOOLCARD-43] [TOOLCARD-44] [TOOLCARD-45] [TOOLCARD-46] [TOOLCARD-47] per-tool errors", () => {
    expect(fail("query_pinecone", {}, { status: "error" })).toBe("Error searching Query Pinecone: Unknown error");
    expect(fail("call_api")).toBe("Error calling API: boom");
    expect(fail("read_google_sheet")).toBe("Error reading Google Sheet: boom");
    expect(fail("append_google_sheet")).toBe("Error appending to Google Sheet: boom");
    expect(fail("read_subreddit")).toBe("Error reading subreddit: boom");
    expect(fail("search_reddit")).toBe("Error searching Reddit: boom");
    expect(fail("search_tiktok", {}, { status: "error" })).toBe("An error occurred");
    expect(fail("search_tiktok")).toBe("boom");
    expect(fail("search_fd_products")).toBe("Error searching FD products: boom");
    expect(fail("generate_powerpoint", {}, { status: "error" })).toBe(
      "Error: Failed to generate presentation: Unknown error",
    );
    expect(fail("save_flash_report")).toBe("Error: Failed to generate report: boom");
    expect(fail("schedule_task")).toBe("Failed to schedule task.");
  });

  it("[TOOLCARD-39] an error the executor already prefixed is not prefixed twice (issue 17 #7)", () => {
    const refused = { status: "error", error: "Error calling API: Port 25 is not allowed" };
    expect(fail("call_api", {}, refused)).toBe("Error calling API: Port 25 is not allowed");
    const sheet = { status: "error", error: "Error reading Google Sheet: not connected" };
    expect(fail("read_google_sheet", {}, sheet)).toBe("Error reading Google Sheet: not connected");
  });

  it('[TOOLCARD-34] the Postgres searches read Failed to search {table} for "{query}" (keyword_search_pg: its keyword)', () => {
    expect(fail("hybrid_search_pg", { query: "refunds", table_name: "public.docs" })).toBe(
      'Failed to search public.docs for "refunds"',
    );
    expect(fail("semantic_search_pg", { query: "refunds", table_name: "docs" })).toBe(
      'Failed to search docs for "refunds"',
    );
    expect(fail("keyword_search_pg", { keyword: "refund", table_name: "docs" })).toBe(
      'Failed to search docs for "refund"',
    );
    expect(ok("hybrid_search_pg", { query: "refunds", table_name: "docs" })).toBe('Searched docs for "refunds"');
    expect(ok("keyword_search_pg", { keyword: "refund", table_name: "docs" })).toBe('Searched docs for "refund"');
    // search_snowflake takes only a query: it searches the warehouse's catalogue.
    expect(fail("search_snowflake", { query: "revenue by region" })).toBe(
      'Failed to search Snowflake for "revenue by region"',
    );
    expect(ok("search_snowflake", { query: "revenue by region" })).toBe('Searched Snowflake for "revenue by region"');
    // The filter search keeps its own error form (TOOLCARD-36), naming the table.
    expect(
      fail(
        "filter_and_search_pg",
        { query: "q", table_name: "docs" },
        { status: "error", message: "bad where clause" },
      ),
    ).toBe("Error searching docs: bad where clause");
    expect(fail("filter_and_search_pg", { query: "q", table_name: "docs" }, { status: "error" })).toBe(
      "Error searching docs: Unknown error",
    );
    expect(ok("filter_and_search_pg", { query: "q", table_name: "docs", where_clause: "year > 2020" })).toBe(
      'Searched docs for "q"',
    );
  });

  it("[TOOLCARD-18] a non-default Postgres row_limit is part of the success line", () => {
    expect(ok("postgres_sql", { query: "select 1", row_limit: 25 })).toBe("PostgreSQL query executed (row limit 25)");
    expect(ok("postgres_sql", { query: "select 1", row_limit: 100 })).toBe("PostgreSQL query executed");
    expect(ok("postgres_sql", { query: "select 1" })).toBe("PostgreSQL query executed");
    expect(fail("postgres_sql", { query: "select 1", row_limit: 25 })).toBe("PostgreSQL query execution failed");
  });

  it("success lines read the tools' own argument names", () => {
    expect(ok("call_api", { endpoint_url: "https://api.example.com/v1/items", request_type: "POST" })).toBe(
      "Called POST api.example.com",
    );
    expect(ok("search_reddit", { search_term: "bi tools" })).toBe('Searched Reddit for "bi tools"');
    expect(ok("search_tiktok", { search_term: "recipes" })).toBe('Searched TikTok for "recipes"');
  });
});
