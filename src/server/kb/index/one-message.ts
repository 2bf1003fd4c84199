// A search's statements in one message on PostgreSQL (decision 129): its settings and its statement in one
// round trip and one implicit transaction, values written into the text.
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Pool, QueryResult } from "pg";

/**
 * Statements with their values written into the text, for a message of several statements, which
 * PostgreSQL's simple protocol only takes without parameters. Strings are escaped as node-postgres's
 * escapeLiteral does (pg is not loaded with the embedded database): quotes doubled, and a string with a
 * backslash written E'…' with its backslashes doubled, so the result does not depend on
 * standard_conforming_strings. NUL cannot be in a PostgreSQL string and would end the message's text: dropped.
 */
export function sqlLiteral(value: string): string {
  const s = value.replaceAll("\0", "").replaceAll("'", "''");
  return s.includes("\\") ? ` E'${s.replaceAll("\\", "\\\\")}'` : `'${s}'`;
}

class InlineDialect extends PgDialect {
  override escapeString(str: string): string {
    return sqlLiteral(str);
  }
}
const inlineDialect = new InlineDialect();

/**
 * The statements in one message: one round trip, and one implicit transaction, in which the settings
 * set_config(…, true) makes hold until the last statement ends. The last statement's rows.
 */
export async function inOneMessage(pool: Pool, statements: SQL[]): Promise<unknown> {
  const text = statements.map((s) => inlineDialect.sqlToQuery(s.inlineParams()).sql).join(";\n");
  const results = (await pool.query(text)) as unknown as QueryResult | QueryResult[];
  return Array.isArray(results) ? results[results.length - 1] : results;
}

/** Whether a search on PostgreSQL sends its statements as one message (decision 129); benches A/B it. */
export const ONE_MESSAGE = { enabled: true };
