// Connections to an organisation's Snowflake integration through the official snowflake-sdk: password or
// programmatic-access-token auth, with the integration's warehouse, database, schema and role. The host
// (<account>.snowflakecomputing.com, or SNOWFLAKE_BASE_URL) passes the outbound guard first (decision 064).
import type SnowflakeSdk from "snowflake-sdk";
import { AppError } from "../errors";
import { resolvePinned, urlPort } from "../net/outbound-guard";

export interface SnowflakeCredentials {
  auth_method: "password" | "pat";
  account: string;
  user: string;
  password?: string;
  token?: string;
  warehouse: string;
  database: string;
  schema: string;
  role: string;
}

export interface SnowflakeRows {
  columns: Array<{ name: string; type: string }>;
  rows: unknown[][];
  /** Rows the statement produced, of which `rows` holds at most the limit asked for. */
  total: number;
}

// The driver (~70 MB and ~2 s to load) is loaded on first use, not at start (issue 18: idle memory).
let driver: Promise<typeof SnowflakeSdk> | null = null;
function loadDriver() {
  driver ??= import("snowflake-sdk").then((m) => {
    const snowflake = (m.default ?? m) as typeof SnowflakeSdk;
    // The driver would otherwise write snowflake.log into the working directory.
    const quiet = () => {};
    snowflake.configure({
      logLevel: "ERROR",
      customLogger: { error: quiet, warn: quiet, info: quiet, debug: quiet, trace: quiet },
    } as Parameters<typeof snowflake.configure>[0]);
    return snowflake;
  });
  return driver;
}

/** SNOWFLAKE_BASE_URL (a proxy, PrivateLink, a test stand-in) or the account's own host; read per call. */
export function snowflakeAccessUrl(account: string): URL {
  const base = process.env.SNOWFLAKE_BASE_URL?.trim();
  return new URL(base || `https://${account}.snowflakecomputing.com`);
}

/** The error's own text: Snowflake's message ("Incorrect username or password was specified.", …). */
export const snowflakeMessage = (err: unknown) =>
  err instanceof Error && err.message ? err.message : "Snowflake did not answer";

export async function connectSnowflake(creds: SnowflakeCredentials, timeoutMs: number) {
  const url = snowflakeAccessUrl(creds.account);
  await resolvePinned(url.hostname, urlPort(url));
  const pat = creds.auth_method === "pat";
  const snowflake = await loadDriver();
  const connection = snowflake.createConnection({
    account: creds.account,
    accessUrl: url.origin,
    username: creds.user,
    ...(pat ? { authenticator: "PROGRAMMATIC_ACCESS_TOKEN", token: creds.token } : { password: creds.password }),
    warehouse: creds.warehouse,
    database: creds.database,
    schema: creds.schema,
    role: creds.role,
    application: "Switchboard",
    timeout: timeoutMs,
    sfRetryMaxLoginRetries: 1,
    clientSessionKeepAlive: false,
  });
  // connectAsync resolves even when the login fails: only the callback hears the error.
  await new Promise<void>((resolve, reject) =>
    connection.connect((err) => (err ? reject(new AppError("bad_request", snowflakeMessage(err))) : resolve())),
  );
  return connection;
}

export type SnowflakeConnection = Awaited<ReturnType<typeof connectSnowflake>>;

/**
 * Runs one statement and reads at most `maxRows` rows of its result. The statement may run at most
 * `timeoutSeconds` on Snowflake (STATEMENT_TIMEOUT_IN_SECONDS); MULTI_STATEMENT_COUNT 1 makes Snowflake
 * itself refuse a second statement. `signal` cancels it.
 */
export function runSnowflake(
  connection: SnowflakeConnection,
  sqlText: string,
  opts: { maxRows: number; timeoutSeconds: number; signal: AbortSignal; binds?: string[] },
): Promise<SnowflakeRows> {
  return new Promise<SnowflakeRows>((resolveRows, rejectRows) => {
    // Stopped while the session was being opened: the statement is never sent (an abort listener added
    // now would never fire, and the call would wait for the statement to end).
    if (opts.signal.aborted) return rejectRows(new AppError("bad_request", "The query was cancelled."));
    // The time limit and the abort hold until the last row is in: a large result's chunks are downloaded
    // after Snowflake answered, and a stalled download would otherwise hold the call for the driver's
    // retries (up to 10, minutes apart).
    let settled = false;
    // Snowflake enforces the statement timeout itself; this covers a Snowflake that stops answering.
    const timer = setTimeout(
      () => stop(`The query did not finish within ${opts.timeoutSeconds} s.`),
      (opts.timeoutSeconds + 10) * 1000,
    );
    timer.unref();
    const resolve = (rows: SnowflakeRows) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolveRows(rows);
    };
    const reject = (err: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      rejectRows(err);
    };
    const statement = connection.execute({
      sqlText,
      binds: opts.binds,
      streamResult: true,
      rowMode: "array",
      // Exact decimals and dates as Snowflake prints them, not lossy JS numbers or local-time Dates.
      fetchAsString: ["Number", "Date", "Buffer"],
      parameters: { MULTI_STATEMENT_COUNT: 1, STATEMENT_TIMEOUT_IN_SECONDS: opts.timeoutSeconds },
      complete: (err, stmt) => {
        if (err) return reject(new AppError("bad_request", snowflakeMessage(err)));
        const columns = (stmt.getColumns() ?? []).map((c) => ({ name: c.getName(), type: c.getType() }));
        const total = stmt.getNumRows();
        const rows: unknown[][] = [];
        if (total === 0 || opts.maxRows === 0) return resolve({ columns, rows, total });
        stmt
          .streamRows({ start: 0, end: Math.min(total, opts.maxRows) - 1 })
          .on("data", (row: unknown[]) => rows.push(row))
          .on("error", (e: unknown) => reject(new AppError("bad_request", snowflakeMessage(e))))
          .on("end", () => resolve({ columns, rows, total }));
      },
    });
    // The driver reports a cancelled statement only once Snowflake answers; the caller stops waiting now.
    const stop = (message: string) => {
      if (settled) return;
      statement.cancel(() => {});
      reject(new AppError("bad_request", message));
    };
    opts.signal.addEventListener("abort", () => stop("The query was cancelled."), { once: true });
  });
}

/** Logs the session out; a Snowflake that does not answer holds the caller up for 5 s at most. */
export function closeSnowflake(connection: SnowflakeConnection): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 5_000);
    connection.destroy(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
