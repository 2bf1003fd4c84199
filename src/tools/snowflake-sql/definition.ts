import { z } from "zod";
import { defineTool } from "../define-tool";
import { EXECUTING } from "../status-parts";
import { text } from "../schema-parts";

export const snowflakeSql = defineTool({
  name: "snowflake_sql",
  displayName: "Snowflake SQL",
  description: "Run a read-only SQL query on the connected Snowflake warehouse and return the resulting rows.",
  category: "Data & Analytics",
  requiredIntegration: "snowflake",
  progressVerb: EXECUTING,
  statusLine: ({ ok }) => (ok ? "SQL query executed" : "SQL query execution failed"),
  input: z.object({
    query: text("A single Snowflake SQL SELECT statement."),
  }),
});
