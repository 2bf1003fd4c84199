import { z } from "zod";
import { defineTool } from "../define-tool";
import { SEARCHING, searched } from "../status-parts";
import { text, topK } from "../schema-parts";

// The Postgres searches return items with an optional title and content (TOOL-28).
export const hybridSearchPg = defineTool({
  name: "hybrid_search_pg",
  displayName: "Hybrid Search (PostgreSQL)",
  description: "Search a PostgreSQL table by meaning and by keywords together, returning the best-matching rows.",
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
