import { z } from "zod";
import { defineTool } from "../define-tool";
import { SEARCHING, searchError, searched, str } from "../status-parts";
import { text, topK } from "../schema-parts";

export const filterAndSearchPg = defineTool({
  name: "filter_and_search_pg",
  displayName: "Filter and Search (PostgreSQL)",
  description: "Search a PostgreSQL table by meaning, restricted to the rows that match a SQL filter.",
  category: "Data & Analytics",
  requiredIntegration: "postgres",
  progressVerb: SEARCHING,
  statusLine: ({ ok, args, result }) =>
    ok ? searched(ok, args.table_name, args.query) : searchError(str(args.table_name), result),
  input: z.object({
    query: text("What to find, in natural language."),
    table_name: text("Table to search (optionally schema-qualified, e.g. public.documents)."),
    where_clause: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe("Filter written as the text after WHERE, e.g. region = 'EMEA' AND year >= 2023; omit for no filter."),
    top_k: topK(5, 50),
  }),
});
