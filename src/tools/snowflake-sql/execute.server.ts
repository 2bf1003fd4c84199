// snowflake_sql: one read-only statement on the organisation's Snowflake (decision 064). Anything but a
// single reading statement is refused before it is sent; Snowflake also gets MULTI_STATEMENT_COUNT 1 and
// a statement timeout. Headers are [column name, Snowflake type]; rows are arrays with SQL NULL as "NULL"
// (TOOL-22; the driver's own rendering of NULL when values are fetched as text), at most SNOWFLAKE_LIMITS.maxRows of them with a message when the result was cut.
import { SNOWFLAKE_LIMITS, SNOWFLAKE_NOT_CONNECTED, withSnowflake } from "../../server/providers/snowflake-session";
import { runSnowflake } from "../../server/providers/snowflake-client";
import { toolError, type ToolExecutor } from "../executor.server";
import type { snowflakeSql } from "./definition";
import { readOnlyRefusal } from "./read-only";

/** The driver's type names as Snowflake's SQL calls them. */
const SQL_TYPES: Record<string, string> = { fixed: "NUMBER", real: "FLOAT", text: "VARCHAR" };
const sqlType = (type: string) => SQL_TYPES[type] ?? type.toUpperCase();

export const execute: ToolExecutor<typeof snowflakeSql> = async (input, ctx) => {
  const refused = readOnlyRefusal(input.query);
  if (refused) return toolError(refused);
  const max = SNOWFLAKE_LIMITS.maxRows;
  try {
    const result = await withSnowflake(ctx.orgId, (connection) =>
      runSnowflake(connection, input.query.trim().replace(/;\s*$/, ""), {
        maxRows: max,
        timeoutSeconds: SNOWFLAKE_LIMITS.statementTimeoutSeconds,
        signal: ctx.abortSignal,
      }),
    );
    if ("notConnected" in result) return toolError(SNOWFLAKE_NOT_CONNECTED);
    return {
      status: "success",
      headers: result.columns.map((c) => [c.name, sqlType(c.type)]),
      rows: result.rows.map((row) => row.map((v) => (v === null || v === undefined ? "NULL" : v))),
      ...(result.total > max
        ? { message: `Showing the first ${max} of ${result.total} rows: add a LIMIT or narrow the query.` }
        : {}),
    };
  } catch (err) {
    if (ctx.abortSignal.aborted) return toolError("The query was cancelled.");
    return toolError(err instanceof Error && err.message ? err.message : "Query failed");
  }
};
