// A search's statements in one message on PostgreSQL (decision 129): its settings and its statement in one
// round trip and one implicit transaction, values written into the text.
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Pool, QueryResult } from "pg";
import { PREPARED, isPreparedMismatch, preparedRun } from "./prepared";
import { sqlLiteral } from "./sql-literal";

class InlineDialect extends PgDialect {
  override escapeString(str: string): string {
    return sqlLiteral(str);
  }
}
const inlineDialect = new InlineDialect();

// inlineParams() changes the SQL object itself: its values are written into its text from then on.
const inline = (s: SQL) => inlineDialect.sqlToQuery(s.inlineParams()).sql;
const lastOf = (results: QueryResult | QueryResult[]) =>
  Array.isArray(results) ? results[results.length - 1] : results;

/**
 * The statements in one message: one round trip, and one implicit transaction, in which the settings
 * set_config(…, true) makes hold until the last statement ends. The last statement's rows. The last
 * statement runs prepared on its connection (decision 133, PREPARED): the message PREPAREs it the first
 * time and EXECUTEs it, so it is planned once a connection instead of once a search.
 */
export async function inOneMessage(pool: Pool, statements: SQL[]): Promise<unknown> {
  if (!PREPARED.enabled)
    return lastOf((await pool.query(statements.map(inline).join(";\n"))) as unknown as QueryResult);
  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    // Before inline(), which makes the statement write its values into its text from then on.
    const run = preparedRun(client, statements[statements.length - 1]!);
    const settings = statements.slice(0, -1).map(inline);
    try {
      const result = lastOf(
        (await client.query([...run.before, ...settings, run.execute].join(";\n"))) as unknown as QueryResult,
      );
      run.done();
      return result;
    } catch (err) {
      if (!isPreparedMismatch(err)) throw err;
      // The connection does not hold what was recorded: this search unprepared, the record settled for the next.
      run.settle(err);
      return lastOf((await client.query(statements.map(inline).join(";\n"))) as unknown as QueryResult);
    }
  } catch (err) {
    failed = err as Error;
    throw err;
  } finally {
    // As pool.query does: a connection that failed is not handed out again.
    client.release(failed);
  }
}

/** Whether a search on PostgreSQL sends its statements as one message (decision 129); benches A/B it. */
export const ONE_MESSAGE = { enabled: true };
