import { z } from "zod";
import { defineTool } from "../define-tool";
import { EXECUTING } from "../status-parts";
import { text } from "../schema-parts";

export const DEFAULT_ROW_LIMIT = 100;

export const postgresSql = defineTool({
  name: "postgres_sql",
  displayName: "PostgreSQL Query",
  description: "Run a read-only SQL query on the connected PostgreSQL database and return the resulting rows.",
  category: "Data & Analytics",
  requiredIntegration: "postgres",
  progressVerb: EXECUTING,
  // TOOLCARD-18: a row limit other than the default is part of the line.
  statusLine: ({ ok, args }) =>
    ok
      ? `PostgreSQL query executed${typeof args.row_limit === "number" && args.row_limit !== DEFAULT_ROW_LIMIT ? ` (row limit ${args.row_limit})` : ""}`
      : "PostgreSQL query execution failed",
  input: z.object({
    query: text("A single PostgreSQL SELECT statement."),
    row_limit: z
      .number()
      .int()
      .min(1)
      .max(10_000)
      .default(DEFAULT_ROW_LIMIT)
      .describe(`Most rows to return (1 to 10000, default ${DEFAULT_ROW_LIMIT}).`),
  }),
});
