// The Output section of a tool-call card: a view of the tool's own result shape when the result fits it
// (chat spec §3 result shapes), else the shared long-text viewer; then any generated files.
import type { ReactNode } from "react";
import type { ZodType, ZodTypeDef } from "zod";
import { askWebResult } from "@/tools/ask-web/result";
import { kbFilePagesResult } from "@/tools/get-kb-file-pages/result";
import { deepResearchResult } from "@/tools/perplexity-deep-research/result";
import { postgresSqlResult } from "@/tools/postgres-sql/result";
import { queryPineconeResult } from "@/tools/query-pinecone/result";
import { readKbFileResult } from "@/tools/read-kb-file/result";
import { pgSearchResult, redditResult } from "@/tools/result-parts";
import { searchKnowledgeBaseResult } from "@/tools/search-knowledge-base/result";
import { snowflakeSqlResult } from "@/tools/snowflake-sql/result";
import { LongText, PREVIEW_LENGTH_BY_TOOL, TOOL_PREVIEW_LENGTH } from "./long-text";
import { PostgresSqlView, SnowflakeSqlView } from "./tool-views/data-table";
import { GeneratedFiles, generatedFilesOf } from "./tool-views/generated-files";
import { KbFilePagesView, KbFileReadView, KbSearchView } from "./tool-views/knowledge-base";
import { outputOf, parseToolData } from "./tool-views/payload";
import { RedditView } from "./tool-views/reddit";
import { PgSearchView, PineconeView } from "./tool-views/search-items";
import { AskWebView, DeepResearchView } from "./tool-views/web-answer";

interface ToolView {
  render: (result: unknown, previewLength: number) => ReactNode | undefined;
}

/** Pairs a result schema with the view of what it parses to; undefined when the result does not fit. */
function view<T>(schema: ZodType<T, ZodTypeDef, unknown>, show: (data: T, previewLength: number) => ReactNode): ToolView {
  return {
    render: (result, previewLength) => {
      const data = parseToolData(schema, result);
      return data === undefined ? undefined : show(data, previewLength);
    },
  };
}

const pgSearch = view(pgSearchResult, (data) => <PgSearchView data={data} />);
const reddit = view(redditResult, (data) => <RedditView data={data} />);

const VIEWS: Partial<Record<string, ToolView>> = {
  ask_web: view(askWebResult, (data, n) => <AskWebView data={data} previewLength={n} />),
  perplexity_deep_research: view(deepResearchResult, (data, n) => <DeepResearchView data={data} previewLength={n} />),
  snowflake_sql: view(snowflakeSqlResult, (data) => <SnowflakeSqlView data={data} />),
  postgres_sql: view(postgresSqlResult, (data) => <PostgresSqlView data={data} />),
  hybrid_search_pg: pgSearch,
  semantic_search_pg: pgSearch,
  keyword_search_pg: pgSearch,
  filter_and_search_pg: pgSearch,
  query_pinecone: view(queryPineconeResult, (data) => <PineconeView data={data} />),
  read_subreddit: reddit,
  search_reddit: reddit,
  search_knowledge_base: view(searchKnowledgeBaseResult, (data) => <KbSearchView data={data} />),
  get_kb_file_pages: view(kbFilePagesResult, (data) => <KbFilePagesView data={data} />),
  read_kb_file: view(readKbFileResult, (data) => <KbFileReadView data={data} />),
};

export function ToolOutput({ toolName, result }: { toolName: string; result: unknown }) {
  // TOOLCARD-10/11: 400 characters, 500 for deep research and 300 for email.
  const previewLength = PREVIEW_LENGTH_BY_TOOL[toolName] ?? TOOL_PREVIEW_LENGTH;
  const files = generatedFilesOf(result);
  return (
    <>
      {VIEWS[toolName]?.render(result, previewLength) ?? <LongText value={outputOf(result)} previewLength={previewLength} />}
      {files.length > 0 && <GeneratedFiles files={files} />}
    </>
  );
}
