// The one-line status of a tool-call card (chat spec §4 card states, §8 status lines and error card).
import { DEFAULT_ROW_LIMIT } from "@/tools/postgres-sql/definition";
import { toolsByName } from "@/tools/registry";

export type CardState = "running" | "success" | "error" | "unknown";

export interface ToolResultView {
  status?: unknown;
  content?: unknown;
  error?: unknown;
  message?: unknown;
  [key: string]: unknown;
}

export const toolDisplayName = (name: string) => (toolsByName as Record<string, { displayName?: string } | undefined>)[name]?.displayName ?? name;

/** TOOLCARD-23/28: status success or error (also as top-level fallbacks); anything else is unknown. */
export function cardState(invocation: { state: string; result?: unknown }): CardState {
  if (invocation.state !== "result") return "running";
  const r = (invocation.result ?? {}) as ToolResultView;
  if (r.status === "success") return "success";
  if (r.status === "error" || (r.status === undefined && r.error !== undefined)) return "error";
  if (r.status === undefined && (r.content !== undefined || typeof invocation.result === "string")) return "success";
  return "unknown";
}

/** TOOLCARD-27: the first available of content, error or message. */
export function errorDetail(result: unknown): string {
  const r = (result ?? {}) as ToolResultView;
  for (const v of [r.content, r.error, r.message]) if (typeof v === "string" && v.trim()) return v;
  return "Unknown error occurred";
}

const hostOf = (url: unknown) => {
  try {
    return new URL(String(url)).host;
  } catch {
    return String(url ?? "");
  }
};

const str = (v: unknown) => String(v ?? "");

/** TOOLCARD-34: the Postgres searches name their table and what they looked for (keyword_search_pg: its keyword). */
const searched = (ok: boolean, table: unknown, query: unknown) =>
  ok ? `Searched ${str(table)} for "${str(query)}"` : `Failed to search ${str(table)} for "${str(query)}"`;

/** TOOLCARD-36: "Error searching ...: {message}", else "Unknown error". */
const searchError = (what: string, r: ToolResultView) =>
  `Error searching ${what}: ${typeof r.error === "string" && r.error ? r.error : typeof r.message === "string" && r.message ? r.message : "Unknown error"}`;

/** TOOLCARD-18: a row limit other than the default is part of the line. */
const rowLimitNote = (rowLimit: unknown) => (typeof rowLimit === "number" && rowLimit !== DEFAULT_ROW_LIMIT ? ` (row limit ${rowLimit})` : "");

const PROGRESS_VERB: Record<string, string> = {
  search_google: "Searching...",
  ask_web: "Searching...",
  search_reddit: "Searching...",
  search_tiktok: "Searching...",
  search_knowledge_base: "Searching...",
  query_pinecone: "Searching...",
  hybrid_search_pg: "Searching...",
  semantic_search_pg: "Searching...",
  keyword_search_pg: "Searching...",
  filter_and_search_pg: "Searching...",
  search_snowflake: "Searching...",
  search_fd_products: "Searching...",
  execute_python: "Executing...",
  postgres_sql: "Executing...",
  snowflake_sql: "Executing...",
  schedule_task: "Scheduling...",
};

/** TOOLCARD-07/08: running text; then the tool's own success or failure line. */
export function statusLine(toolName: string, args: Record<string, unknown>, state: CardState, result?: unknown): string {
  const name = toolDisplayName(toolName);
  if (state === "running") return PROGRESS_VERB[toolName] ?? `Running ${name}...`;
  if (state === "unknown") return "Unknown status";
  const r = (result ?? {}) as ToolResultView;
  const ok = state === "success";
  switch (toolName) {
    case "scrape_url":
      return ok ? `Read content from ${hostOf(args.url)}` : `Failed to read content from ${hostOf(args.url)}`;
    case "ask_web":
      return ok ? `Answered "${String(args.query ?? "")}"` : `Failed to get answer for "${String(args.query ?? "")}"`;
    case "perplexity_deep_research": {
      const q = String(args.query ?? "").slice(0, 150);
      return ok ? `Completed deep research on "${q}"` : `Failed to complete deep research on "${q}"`;
    }
    case "snowflake_sql":
      return ok ? "SQL query executed" : "SQL query execution failed";
    case "postgres_sql":
      return ok ? `PostgreSQL query executed${rowLimitNote(args.row_limit)}` : "PostgreSQL query execution failed";
    case "search_snowflake":
      // Searches the warehouse's catalogue, not one table.
      return searched(ok, "Snowflake", args.query);
    case "hybrid_search_pg":
    case "semantic_search_pg":
      return searched(ok, args.table_name, args.query);
    case "keyword_search_pg":
      return searched(ok, args.table_name, args.keyword);
    case "filter_and_search_pg":
      return ok ? searched(ok, args.table_name, args.query) : searchError(str(args.table_name), r);
    case "query_pinecone":
      return ok ? `Searched ${name}` : searchError(name, r);
    case "send_email": {
      const n = Array.isArray(args.to) ? args.to.length : 1;
      return ok ? `Email sent to ${n} recipient(s)` : `Failed to send email to ${n} recipient(s)`;
    }
    case "call_api":
      return ok ? `Called ${str(args.request_type)} ${hostOf(args.endpoint_url)}` : `Error calling API: ${errorDetail(r)}`;
    case "read_google_sheet":
      return ok ? "Read Google Sheet" : `Error reading Google Sheet: ${errorDetail(r)}`;
    case "append_google_sheet":
      return ok ? "Appended to Google Sheet" : `Error appending to Google Sheet: ${errorDetail(r)}`;
    case "read_subreddit":
      return ok ? `Read r/${String(args.subreddit ?? "")}` : `Error reading subreddit: ${errorDetail(r)}`;
    case "search_reddit":
      return ok ? `Searched Reddit for "${str(args.search_term)}"` : `Error searching Reddit: ${errorDetail(r)}`;
    case "search_tiktok":
      return ok ? `Searched TikTok for "${str(args.search_term)}"` : typeof r.error === "string" && r.error ? r.error : "An error occurred";
    case "search_fd_products":
      return ok ? "Searched FD products" : `Error searching FD products: ${errorDetail(r)}`;
    case "save_flash_report":
      return ok ? "Report generated" : `Error: Failed to generate report: ${typeof r.error === "string" ? r.error : "Unknown error"}`;
    case "save_chemready_bid_estimate":
      return ok ? "Estimate generated" : `Error: Failed to generate estimate: ${typeof r.error === "string" ? r.error : "Unknown error"}`;
    case "save_acord_certificate":
      return ok ? "Certificate generated" : `Error: Failed to generate certificate: ${typeof r.error === "string" ? r.error : "Unknown error"}`;
    case "generate_powerpoint":
      return ok ? "Presentation generated" : `Error: Failed to generate presentation: ${typeof r.error === "string" ? r.error : "Unknown error"}`;
    case "schedule_task":
      return ok ? "Task scheduled" : "Failed to schedule task.";
    case "call_agent":
      return ok ? `Response from ${String((r.subConversation as { agentName?: string } | undefined)?.agentName ?? "agent")}` : `Error: ${name} failed`;
    case "execute_python":
      return ok ? "Code executed" : `Error: ${name} failed`;
    default:
      return ok ? `${name} finished` : `Error: ${name} failed`;
  }
}
