import { z } from "zod";
import { defineTool } from "../define-tool";
import { SEARCHING, searched } from "../status-parts";
import { text } from "../schema-parts";

// Result: a JSON text list of entries with table_info (TOOL-21).
export const searchSnowflake = defineTool({
  name: "search_snowflake",
  displayName: "Search Snowflake",
  description:
    "Find which tables and columns in the connected Snowflake warehouse hold the data you need, before writing SQL.",
  category: "Data & Analytics",
  requiredIntegration: "snowflake",
  progressVerb: SEARCHING,
  // Searches the warehouse's catalogue, not one table.
  statusLine: ({ ok, args }) => searched(ok, "Snowflake", args.query),
  input: z.object({
    query: text("What data you are looking for, in plain words, e.g. monthly revenue by region."),
  }),
});
