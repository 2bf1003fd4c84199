// postgres_sql: one query on the organisation's connected PostgreSQL, which the model cannot use to
// write. The connection goes to the host's pinned address through the outbound guard, as "Test
// connection" does. The statement runs as a subquery inside a READ ONLY transaction with a statement
// timeout over the extended protocol, so it cannot change data, cannot chain a second statement, and
// returns at most row_limit rows (one more is fetched to tell that the limit cut the result). The
// transaction is rolled back. The role the admin connected with remains the real boundary.
import type pg from "pg";
import { AppError } from "../../server/errors";
import { getCredentials } from "../../server/providers/connection-store";
import { validateCredentials } from "../../server/providers/connection-service";
import { connectPostgres, type PostgresCredentials } from "../../server/providers/postgres-client";
import { INTEGRATION_BY_KEY } from "../../shared/connections/integrations";
import { toolError, type ToolExecutor } from "../executor.server";
import type { postgresSql } from "./definition";

/** Longest a query may run on the organisation's database (mutable for tests). */
export const POSTGRES_LIMITS = { statementTimeoutMs: 30_000 };
export const NOT_CONNECTED = "PostgreSQL is not connected. An admin can connect it under Control Hub → Integrations.";

/** Values as JSON can carry them: big numbers and numerics stay text (pg's own choice), dates ISO, bytes hex. */
function cell(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return `\\x${value.toString("hex")}`;
  return value;
}

/** The query as one SELECT-able expression: a trailing semicolon is dropped; anything else is the model's. */
const asSubquery = (query: string) => query.trim().replace(/;\s*$/, "");

export const execute: ToolExecutor<typeof postgresSql> = async (input, ctx) => {
  const stored = await getCredentials({ orgId: ctx.orgId, key: "postgres" });
  if (!stored) return toolError(NOT_CONNECTED);
  let client: pg.Client | undefined;
  try {
    const creds = validateCredentials(INTEGRATION_BY_KEY.postgres!, stored) as unknown as PostgresCredentials;
    client = await connectPostgres(creds, POSTGRES_LIMITS.statementTimeoutMs + 5_000);
    const onAbort = () => void client?.end().catch(() => {});
    ctx.abortSignal.addEventListener("abort", onAbort, { once: true });
    try {
      await client.query("BEGIN READ ONLY");
      await client.query(`SET LOCAL statement_timeout = ${Math.round(POSTGRES_LIMITS.statementTimeoutMs)}`);
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
    } finally {
      ctx.abortSignal.removeEventListener("abort", onAbort);
      await client.query("ROLLBACK").catch(() => {});
    }
  } catch (err) {
    const message = err instanceof AppError || err instanceof Error ? err.message : String(err);
    return toolError(ctx.abortSignal.aborted ? "The query was cancelled." : message || "Query failed");
  } finally {
    await client?.end().catch(() => {});
  }
};
