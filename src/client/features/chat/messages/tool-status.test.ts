import { describe, expect, it } from "vitest";
import { cardState, errorDetail, statusLine } from "./tool-status";

const fail = (name: string, args: Record<string, unknown> = {}, result: unknown = { status: "error", error: "boom" }) => statusLine(name, args, "error", result);

describe("tool card status lines", () => {
  it("[TOOLCARD-08] progress verbs while running", () => {
    expect(statusLine("search_google", {}, "running")).toBe("Searching...");
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
    expect(fail("scrape_url", { url: "https://news.example.com/a" })).toBe("Failed to read content from news.example.com");
    expect(fail("ask_web", { query: "why" })).toBe('Failed to get answer for "why"');
    expect(fail("perplexity_deep_research", { query: "q".repeat(200) })).toBe(`Failed to complete deep research on "${"q".repeat(150)}"`);
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
    expect(fail("generate_powerpoint", {}, { status: "error" })).toBe("Error: Failed to generate presentation: Unknown error");
    expect(fail("save_flash_report")).toBe("Error: Failed to generate report: boom");
    expect(fail("schedule_task")).toBe("Failed to schedule task.");
  });
});
