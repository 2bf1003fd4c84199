// The 31 agent tools in the spec's catalogue order (chat §3), and the views of them the UI and server need.
import { TOOL_CATEGORIES, type ToolCategory, type ToolDefinition, type ToolMetadata } from "./define-tool";
import { callAgent } from "./call-agent/definition";
import { searchGoogle } from "./search-google/definition";
import { scrapeUrl } from "./scrape-url/definition";
import { askWeb } from "./ask-web/definition";
import { perplexityDeepResearch } from "./perplexity-deep-research/definition";
import { executePython } from "./execute-python/definition";
import { callApi } from "./call-api/definition";
import { readGoogleSheet } from "./read-google-sheet/definition";
import { appendGoogleSheet } from "./append-google-sheet/definition";
import { readSubreddit } from "./read-subreddit/definition";
import { searchReddit } from "./search-reddit/definition";
import { searchTiktok } from "./search-tiktok/definition";
import { searchFdProducts } from "./search-fd-products/definition";
import { searchSnowflake } from "./search-snowflake/definition";
import { snowflakeSql } from "./snowflake-sql/definition";
import { postgresSql } from "./postgres-sql/definition";
import { hybridSearchPg } from "./hybrid-search-pg/definition";
import { semanticSearchPg } from "./semantic-search-pg/definition";
import { keywordSearchPg } from "./keyword-search-pg/definition";
import { filterAndSearchPg } from "./filter-and-search-pg/definition";
import { queryPinecone } from "./query-pinecone/definition";
import { sendEmail } from "./send-email/definition";
import { searchKnowledgeBase } from "./search-knowledge-base/definition";
import { getKbFilePages } from "./get-kb-file-pages/definition";
import { readKbFile } from "./read-kb-file/definition";
import { scheduleTask } from "./schedule-task/definition";
import { generatePowerpoint } from "./generate-powerpoint/definition";
import { saveFlashReport } from "./save-flash-report/definition";
import { saveChemreadyBidEstimate } from "./save-chemready-bid-estimate/definition";
import { saveAcordCertificate } from "./save-acord-certificate/definition";
import { saveWhiteboard } from "./save-whiteboard/definition";

export const toolDefinitions: readonly ToolDefinition[] = [
  callAgent,
  searchGoogle,
  scrapeUrl,
  askWeb,
  perplexityDeepResearch,
  executePython,
  callApi,
  readGoogleSheet,
  appendGoogleSheet,
  readSubreddit,
  searchReddit,
  searchTiktok,
  searchFdProducts,
  searchSnowflake,
  snowflakeSql,
  postgresSql,
  hybridSearchPg,
  semanticSearchPg,
  keywordSearchPg,
  filterAndSearchPg,
  queryPinecone,
  sendEmail,
  searchKnowledgeBase,
  getKbFilePages,
  readKbFile,
  scheduleTask,
  generatePowerpoint,
  saveFlashReport,
  saveChemreadyBidEstimate,
  saveAcordCertificate,
  saveWhiteboard,
];

export const toolsByName: Record<string, ToolDefinition> = Object.fromEntries(
  toolDefinitions.map((def) => [def.name, def]),
);

/** Names of the tools an organisation must enable before its agents can use them (TOOL-07). */
export const PRIVATE_TOOL_NAMES: readonly string[] = toolDefinitions
  .filter((def) => def.isPrivate)
  .map((def) => def.name);

/** The definition without its schema and card behaviour: what the UI lists and the API returns. */
export function toolMetadata(def: ToolDefinition): ToolMetadata {
  const { name, displayName, description, category, isPrivate, recommended, requiredIntegration } = def;
  return {
    name,
    displayName,
    description,
    category,
    isPrivate,
    recommended,
    ...(requiredIntegration ? { requiredIntegration } : {}),
  };
}

/** Tools an organisation may put on an agent: every public tool, plus the private ones it enabled (TOOL-06). */
export function listToolMetadata(opts: { enabledPrivateTools: string[] }): ToolMetadata[] {
  const enabled = new Set(opts.enabledPrivateTools);
  return toolDefinitions.filter((def) => !def.isPrivate || enabled.has(def.name)).map(toolMetadata);
}

/** Tools grouped for pickers: categories in TOOL_CATEGORIES order, empty ones left out, tools kept in given order. */
export function groupByCategory(tools: ToolMetadata[]): Array<{ category: ToolCategory; tools: ToolMetadata[] }> {
  return TOOL_CATEGORIES.map((category) => ({ category, tools: tools.filter((t) => t.category === category) })).filter(
    (group) => group.tools.length > 0,
  );
}

/** An agent card's tool count (spec §9): "No tools", "1 Tool", "N Tools". */
export function toolCountLabel(n: number): string {
  if (n === 0) return "No tools";
  return n === 1 ? "1 Tool" : `${n} Tools`;
}
