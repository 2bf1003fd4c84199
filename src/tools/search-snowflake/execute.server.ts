// search_snowflake: which tables of the connected database hold what the model is looking for. It reads
// the database's INFORMATION_SCHEMA (tables with their columns and comments), scores each table by the
// query's words found in its name, comment and columns, and returns the best as a JSON text list of
// { table_info } entries (TOOL-21, decision 064).
import { SNOWFLAKE_LIMITS, SNOWFLAKE_NOT_CONNECTED, withSnowflake } from "../../server/providers/snowflake-session";
import { runSnowflake } from "../../server/providers/snowflake-client";
import { toolError, type ToolExecutor } from "../executor.server";
import type { searchSnowflake } from "./definition";
import { rankTables, type CatalogueRow } from "./rank";

/** Columns read from the catalogue at most (a very wide warehouse is searched in its first ones). */
export const SEARCH_LIMITS = { maxColumns: 20_000, maxTables: 10 };

export const CATALOGUE_SQL = `SELECT c.TABLE_SCHEMA, c.TABLE_NAME, t.TABLE_TYPE, t.ROW_COUNT, t.COMMENT AS TABLE_COMMENT,
  c.COLUMN_NAME, c.DATA_TYPE, c.COMMENT AS COLUMN_COMMENT
FROM INFORMATION_SCHEMA.COLUMNS c
JOIN INFORMATION_SCHEMA.TABLES t ON t.TABLE_SCHEMA = c.TABLE_SCHEMA AND t.TABLE_NAME = c.TABLE_NAME
WHERE c.TABLE_SCHEMA <> 'INFORMATION_SCHEMA'
ORDER BY c.TABLE_SCHEMA, c.TABLE_NAME, c.ORDINAL_POSITION`;

export const execute: ToolExecutor<typeof searchSnowflake> = async (input, ctx) => {
  try {
    const result = await withSnowflake(ctx.orgId, async (connection, creds) => {
      const { rows } = await runSnowflake(connection, CATALOGUE_SQL, {
        maxRows: SEARCH_LIMITS.maxColumns,
        timeoutSeconds: SNOWFLAKE_LIMITS.statementTimeoutSeconds,
        signal: ctx.abortSignal,
      });
      return { rows: rows as CatalogueRow[], database: creds.database };
    });
    if ("notConnected" in result) return toolError(SNOWFLAKE_NOT_CONNECTED);
    const entries = rankTables(input.query, result.rows, result.database).slice(0, SEARCH_LIMITS.maxTables);
    return { status: "success", content: JSON.stringify(entries, null, 2) };
  } catch (err) {
    if (ctx.abortSignal.aborted) return toolError("The search was cancelled.");
    return toolError(err instanceof Error && err.message ? err.message : "Search failed");
  }
};
