import { z } from "zod";
import { defineTool } from "../define-tool";
import { SEARCHING, searched } from "../status-parts";
import { text, topK } from "../schema-parts";

export const semanticSearchPg = defineTool({
  name: "semantic_search_pg",
  displayName: "Semantic Search (PostgreSQL)",
  description: "Search a PostgreSQL table with vector embeddings, returning the rows closest in meaning to a query.",
  category: "Data & Analytics",
  requiredIntegration: "postgres",
  progressVerb: SEARCHING,
  statusLine: ({ ok, args }) => searched(ok, args.table_name, args.query),
  input: z.object({
    query: text("What to find, in natural language."),
    table_name: text("Table to search (optionally schema-qualified, e.g. public.documents)."),
    top_k: topK(5, 50),
  }),
});
