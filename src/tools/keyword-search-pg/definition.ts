import { z } from "zod";
import { defineTool } from "../define-tool";
import { SEARCHING, searched } from "../status-parts";
import { text, topK } from "../schema-parts";

export const keywordSearchPg = defineTool({
  name: "keyword_search_pg",
  displayName: "Keyword Search (PostgreSQL)",
  description: "Full-text search a PostgreSQL table for a keyword or phrase, returning the best-matching rows.",
  category: "Data & Analytics",
  requiredIntegration: "postgres",
  progressVerb: SEARCHING,
  statusLine: ({ ok, args }) => searched(ok, args.table_name, args.keyword),
  input: z.object({
    keyword: text("Word or phrase to look for."),
    table_name: text("Table to search (optionally schema-qualified, e.g. public.documents)."),
    top_k: topK(5, 50),
  }),
});
