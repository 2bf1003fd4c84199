// A read-only session on the organisation's PostgreSQL integration, shared by postgres_sql and the four
// Postgres searches. The connection goes to the host's pinned address through the outbound guard, as
// "Test connection" does; the work runs inside a READ ONLY transaction with a statement timeout, which is
// always rolled back; the tool's abort signal closes the connection. The role the admin connected with
// remains the real boundary.
import type pg from "pg";
import { AppError } from "../errors";
import { INTEGRATION_BY_KEY } from "../../shared/connections/integrations";
import { toolError, type ToolContext, type ToolResult } from "../../tools/executor.server";
import { getCredentials } from "./connection-store";
import { validateCredentials } from "./connection-service";
import { connectPostgres, type PostgresCredentials } from "./postgres-client";

/** Longest a statement may run on the organisation's database (mutable for tests). */
export const POSTGRES_LIMITS = { statementTimeoutMs: 30_000 };
export const NOT_CONNECTED = "PostgreSQL is not connected. An admin can connect it under Control Hub → Integrations.";
export const CANCELLED = "The query was cancelled.";

/**
 * Runs `work` on a read-only transaction of the organisation's own integration (never another
 * organisation's: the credentials are looked up by ctx.orgId). Errors become error results.
 */
export async function withReadOnlyPostgres(
  ctx: Pick<ToolContext, "orgId" | "abortSignal">,
  work: (client: pg.Client) => Promise<ToolResult>,
): Promise<ToolResult> {
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
      return await work(client);
    } finally {
      ctx.abortSignal.removeEventListener("abort", onAbort);
      await client.query("ROLLBACK").catch(() => {});
    }
  } catch (err) {
    if (ctx.abortSignal.aborted) return toolError(CANCELLED);
    const message = err instanceof AppError || err instanceof Error ? err.message : String(err);
    return toolError(message || "Query failed");
  } finally {
    await client?.end().catch(() => {});
  }
}
