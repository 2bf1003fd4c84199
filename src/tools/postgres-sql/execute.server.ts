// postgres_sql: one query on the organisation's connected PostgreSQL, which the model cannot use to
// write. The session (pinned address, READ ONLY transaction, statement timeout, abort) is
// withReadOnlyPostgres's; the statement runs as a subquery over the extended protocol, so it cannot
// chain a second statement, and returns at most row_limit rows (one more is fetched to tell that the
// limit cut the result).
import type pg from "pg";
import { withReadOnlyPostgres } from "../../server/providers/postgres-read-only";
import type { ToolExecutor } from "../executor.server";
import type { postgresSql } from "./definition";

/** Values as JSON can carry them: big numbers and numerics stay text (pg's own choice), dates ISO, bytes hex. */
function cell(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return `\\x${value.toString("hex")}`;
  return value;
}

/** The query as one SELECT-able expression: a trailing semicolon is dropped; anything else is the model's. */
const asSubquery = (query: string) => query.trim().replace(/;\s*$/, "");

export const execute: ToolExecutor<typeof postgresSql> = (input, ctx) =>
  withReadOnlyPostgres(ctx, async (client) => {
    const limit = input.row_limit;
    // The extended protocol parses exactly one statement: "…) x; COMMIT; DROP …" cannot escape the
    // read-only transaction.
    const res = await client.query<unknown[]>({
      text: `SELECT * FROM (${asSubquery(input.query)}) AS switchboard_query LIMIT ${limit + 1}`,
      rowMode: "array",
      queryMode: "extended", // pg ≥ 8.13; not in @types/pg yet
    } as pg.QueryArrayConfig);
    const headers = res.fields.map((f) => f.name);
    const cut = res.rows.length > limit;
    const rows = res.rows.slice(0, limit).map((r) => Object.fromEntries(headers.map((h, i) => [h, cell(r[i])])));
    return {
      status: "success",
      headers,
      rows,
      ...(cut
        ? { message: `Showing the first ${limit} rows: the query returned more than the row limit of ${limit}.` }
        : {}),
    };
  });
