// Argument shapes and defaults of the catalogue table (chat §3) and §9, as the model's calls are parsed.
import { describe, expect, it } from "vitest";
import { toolsByName } from "./registry";

const parse = (tool: string, args: unknown) => toolsByName[tool].input.parse(args);
const accepts = (tool: string, args: unknown) => toolsByName[tool].input.safeParse(args).success;

describe("tool arguments", () => {
  it("[TOOL-08] call_agent takes message, an agent id (number or string) and an optional thread to continue", () => {
    expect(parse("call_agent", { message: "Summarise Q3", agentId: 12 })).toEqual({
      message: "Summarise Q3",
      agentId: 12,
    });
    expect(parse("call_agent", { message: "More", agentId: "12", respondToThreadId: "t-1" })).toMatchObject({
      respondToThreadId: "t-1",
    });
    expect(accepts("call_agent", { message: "", agentId: 12 })).toBe(false);
    expect(accepts("call_agent", { message: "Hi" })).toBe(false);
  });

  it("[TOOL-09] [TOOL-11] [TOOL-12] [TOOL-21] [TOOL-22] search_google, ask_web, deep research and the Snowflake tools take a non-blank query", () => {
    for (const tool of ["search_google", "ask_web", "perplexity_deep_research", "search_snowflake", "snowflake_sql"]) {
      expect(parse(tool, { query: "revenue by region" }), tool).toEqual({ query: "revenue by region" });
      expect(accepts(tool, { query: "  " }), tool).toBe(false);
      expect(accepts(tool, {}), tool).toBe(false);
    }
  });

  it("[TOOL-10] scrape_url requires a URL and defaults to markdown of the main content without base64 images", () => {
    expect(parse("scrape_url", { url: "https://example.com/a" })).toEqual({
      url: "https://example.com/a",
      formats: ["markdown"],
      onlyMainContent: true,
      removeBase64Images: true,
    });
    expect(
      parse("scrape_url", { url: "https://example.com", formats: ["html", "links"], onlyMainContent: false }),
    ).toMatchObject({
      formats: ["html", "links"],
      onlyMainContent: false,
    });
    expect(accepts("scrape_url", {})).toBe(false);
    expect(accepts("scrape_url", { url: "not a url" })).toBe(false);
    expect(accepts("scrape_url", { url: "https://example.com", formats: ["pdf"] })).toBe(false);
  });

  it("[TOOL-13] execute_python takes code", () => {
    expect(parse("execute_python", { code: "print(1)" })).toEqual({ code: "print(1)" });
    expect(accepts("execute_python", { code: "" })).toBe(false);
  });

  it("[TOOL-14] call_api takes an endpoint URL, a GET, POST, PUT or DELETE request type and params", () => {
    const args = { endpoint_url: "https://api.example.com/items", request_type: "POST", params: { name: "x", n: 2 } };
    expect(parse("call_api", args)).toEqual(args);
    expect(accepts("call_api", { endpoint_url: "https://api.example.com", request_type: "GET" })).toBe(true);
    expect(accepts("call_api", { endpoint_url: "https://api.example.com", request_type: "PATCH" })).toBe(false);
  });

  it("[TOOL-15] read_google_sheet takes sheet_id, sheet_name, startRow, endRow and columns", () => {
    const args = { sheet_id: "1AbC", sheet_name: "Leads", startRow: 2, endRow: 50, columns: ["A", "Email"] };
    expect(parse("read_google_sheet", args)).toEqual(args);
    expect(accepts("read_google_sheet", { sheet_id: "1AbC" })).toBe(true);
    expect(accepts("read_google_sheet", { sheet_id: "1AbC", startRow: 0 })).toBe(false);
  });

  it("[TOOL-16] append_google_sheet takes rows of values and appends after A:A by default", () => {
    expect(
      parse("append_google_sheet", { sheet_id: "1AbC", sheet_name: "Leads", values: [["Ada", 36, true, null]] }),
    ).toEqual({
      sheet_id: "1AbC",
      sheet_name: "Leads",
      values: [["Ada", 36, true, null]],
      range: "A:A",
    });
    expect(accepts("append_google_sheet", { sheet_id: "1AbC", values: [] })).toBe(false);
  });

  it("[TOOL-17] read_subreddit defaults to the week's top 10 posts", () => {
    expect(parse("read_subreddit", { subreddit: "datascience" })).toEqual({
      subreddit: "datascience",
      item_type: "top",
      time_filter: "week",
      limit: 10,
      include_comments: false,
    });
    for (const item_type of ["top", "new", "controversial", "hot"])
      expect(accepts("read_subreddit", { subreddit: "x", item_type })).toBe(true);
    for (const time_filter of ["all", "day", "hour", "month", "week", "year"])
      expect(accepts("read_subreddit", { subreddit: "x", time_filter })).toBe(true);
    expect(accepts("read_subreddit", { subreddit: "x", item_type: "rising" })).toBe(false);
  });

  it("[TOOL-18] search_reddit searches all time by default", () => {
    expect(parse("search_reddit", { search_term: "pgvector", include_comments: true })).toEqual({
      search_term: "pgvector",
      time_filter: "all",
      limit: 10,
      include_comments: true,
    });
  });

  it("[TOOL-19] search_tiktok takes a period of 0, 1, 7, 30, 90 or 180 days (default 7) and up to 20 videos (default 10)", () => {
    expect(parse("search_tiktok", { search_term: "skincare" })).toEqual({
      search_term: "skincare",
      period: 7,
      limit: 10,
      include_comments: false,
    });
    for (const period of [0, 1, 7, 30, 90, 180])
      expect(accepts("search_tiktok", { search_term: "x", period })).toBe(true);
    expect(accepts("search_tiktok", { search_term: "x", period: 14 })).toBe(false);
    expect(accepts("search_tiktok", { search_term: "x", limit: 20 })).toBe(true);
  });

  it("[TOOL-20] search_fd_products fetches 2 pages by default", () => {
    expect(parse("search_fd_products", { search_term: "vanilla" })).toEqual({ search_term: "vanilla", pages: 2 });
  });

  it("[TOOL-23] postgres_sql takes an integer row_limit, 100 by default", () => {
    expect(parse("postgres_sql", { query: "select 1" })).toEqual({ query: "select 1", row_limit: 100 });
    expect(parse("postgres_sql", { query: "select 1", row_limit: 500 }).row_limit).toBe(500);
    expect(accepts("postgres_sql", { query: "select 1", row_limit: 2.5 })).toBe(false);
  });

  it("[TOOL-24] [TOOL-25] [TOOL-26] [TOOL-27] the Postgres searches take a table and return 5 results by default", () => {
    expect(parse("hybrid_search_pg", { query: "churn", table_name: "docs" })).toEqual({
      query: "churn",
      table_name: "docs",
      top_k: 5,
    });
    expect(parse("semantic_search_pg", { query: "churn", table_name: "docs" })).toEqual({
      query: "churn",
      table_name: "docs",
      top_k: 5,
    });
    expect(parse("keyword_search_pg", { keyword: "churn", table_name: "docs" })).toEqual({
      keyword: "churn",
      table_name: "docs",
      top_k: 5,
    });
    expect(parse("filter_and_search_pg", { query: "churn", table_name: "docs" })).toEqual({
      query: "churn",
      table_name: "docs",
      top_k: 5,
    });
    expect(
      parse("filter_and_search_pg", { query: "churn", table_name: "docs", where_clause: "year >= 2023", top_k: 3 }),
    ).toMatchObject({
      where_clause: "year >= 2023",
      top_k: 3,
    });
    expect(accepts("keyword_search_pg", { query: "churn", table_name: "docs" })).toBe(false);
    expect(accepts("hybrid_search_pg", { query: "churn", table_name: "docs", top_k: 0 })).toBe(false);
  });

  it("query_pinecone takes a query, a namespace and 5 results by default (TOOL-29 is proven with its executor)", () => {
    expect(parse("query_pinecone", { query: "refund policy", namespace: "support" })).toEqual({
      query: "refund policy",
      namespace: "support",
      top_k: 5,
    });
    expect(parse("query_pinecone", { query: "refund policy" })).toEqual({ query: "refund policy", top_k: 5 });
  });

  it("[TOOL-30] send_email takes recipient addresses, subject, HTML and optional attachment file ids", () => {
    const args = {
      to: ["a@example.com", "b@example.org"],
      subject: "Report",
      html: "<p>Hi</p>",
      attachment_file_ids: ["6f1c1f5e-0000-4000-8000-000000000001"],
    };
    expect(parse("send_email", args)).toEqual(args);
    expect(accepts("send_email", { to: ["a@example.com"], subject: "S", html: "<p>x</p>" })).toBe(true);
    expect(accepts("send_email", { to: [], subject: "S", html: "x" })).toBe(false);
    expect(accepts("send_email", { to: ["not-an-email"], subject: "S", html: "x" })).toBe(false);
    expect(accepts("send_email", { to: "a@example.com", subject: "S", html: "x" })).toBe(false);
  });

  it("[TOOL-32] search_knowledge_base returns 10 results by default and can include or exclude files", () => {
    expect(parse("search_knowledge_base", { query: "warranty", knowledge_base_id: 3 })).toEqual({
      query: "warranty",
      knowledge_base_id: 3,
      top_k: 10,
    });
    const args = {
      query: "warranty",
      knowledge_base_id: "kb-1",
      top_k: 4,
      include_file_ids: ["f1"],
      exclude_file_ids: ["f2"],
    };
    expect(parse("search_knowledge_base", args)).toEqual(args);
  });

  it("[TOOL-34] get_kb_file_pages takes the knowledge base, file id, file name and page numbers", () => {
    const args = { knowledge_base_id: 3, file_id: "f1", file_name: "contract.pdf", pages: [2, 3] };
    expect(parse("get_kb_file_pages", args)).toEqual(args);
    expect(accepts("get_kb_file_pages", { ...args, pages: [] })).toBe(false);
    expect(accepts("get_kb_file_pages", { ...args, pages: [0] })).toBe(false);
  });

  it("[TOOL-36] read_kb_file reads 5 chunks from offset 0, up to 50000 characters, by default", () => {
    expect(parse("read_kb_file", { file_id: "f1" })).toEqual({ file_id: "f1", offset: 0, limit: 5, max_chars: 50000 });
    expect(parse("read_kb_file", { file_id: "f1", offset: 5 })).toMatchObject({ offset: 5, limit: 5 });
    expect(accepts("read_kb_file", { file_id: "f1", offset: -1 })).toBe(false);
  });

  it("[TOOL-38] schedule_task takes name, description, prompt and schedule, with the task form's messages", () => {
    const args = {
      name: "Daily digest",
      description: "Morning news",
      prompt: "Summarise today's news",
      schedule: "daily",
    };
    expect(parse("schedule_task", args)).toEqual(args);
    const res = toolsByName.schedule_task.input.safeParse({ name: "", prompt: "", schedule: "" });
    expect(res.success).toBe(false);
    expect(res.error!.issues.map((i) => i.message)).toEqual([
      "Name is required",
      "Prompt is required",
      "Schedule is required",
    ]);
    expect(toolsByName.schedule_task.input.safeParse({ ...args, name: "x".repeat(101) }).error!.issues[0].message).toBe(
      "Name must be less than 100 characters",
    );
  });
});
