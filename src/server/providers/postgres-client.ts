// Connections to an organisation's PostgreSQL integration: always to the pinned address of the host
// (through the outbound guard). "Test connection" reports the server version or the driver's error.
import pg from "pg";
import { AppError } from "../errors";
import { resolvePinned } from "../net/outbound-guard";

export interface PostgresCredentials {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  sslmode?: string;
}

function sslFor(mode: string | undefined, servername: string): pg.ClientConfig["ssl"] {
  if (!mode || mode === "disable" || mode === "allow" || mode === "prefer") return false;
  if (mode === "require") return { rejectUnauthorized: false, servername };
  return { rejectUnauthorized: true, servername };
}

/**
 * A connected client for the integration's database, at the host's address pinned by the outbound
 * guard (AppError when the guard refuses it). Used by "Test connection" and the postgres_sql tool.
 */
export async function connectPostgres(creds: PostgresCredentials, timeoutMs: number): Promise<pg.Client> {
  const pinned = await resolvePinned(creds.host, creds.port);
  const client = new pg.Client({
    host: pinned.address,
    port: creds.port,
    database: creds.database,
    user: creds.user,
    password: creds.password,
    ssl: sslFor(creds.sslmode, creds.host),
    connectionTimeoutMillis: 5000,
    query_timeout: timeoutMs,
  });
  client.on("error", () => {}); // a dropped connection after use must not crash the process
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
  return client;
}

export async function testPostgres(
  creds: PostgresCredentials,
): Promise<{ ok: true; version: string } | { ok: false; error: string }> {
  let client: pg.Client;
  try {
    client = await connectPostgres(creds, 5000);
  } catch (err) {
    if (err instanceof AppError) return { ok: false, error: err.message };
    return { ok: false, error: (err as Error).message || "Connection failed" };
  }
  try {
    const { rows } = await client.query<{ version: string }>("select version()");
    return { ok: true, version: rows[0]?.version ?? "unknown" };
  } catch (err) {
    return { ok: false, error: (err as Error).message || "Connection failed" };
  } finally {
    await client.end().catch(() => {});
  }
}
