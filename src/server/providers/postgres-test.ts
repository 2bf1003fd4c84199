// "Test connection" for the Postgres integration: a real connection to the pinned address of the
// host (through the outbound guard), reporting the server version or the driver's error.
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

export async function testPostgres(creds: PostgresCredentials): Promise<{ ok: true; version: string } | { ok: false; error: string }> {
  let pinned;
  try {
    pinned = await resolvePinned(creds.host);
  } catch (err) {
    if (err instanceof AppError) return { ok: false, error: err.message };
    throw err;
  }
  const client = new pg.Client({
    host: pinned.address,
    port: creds.port,
    database: creds.database,
    user: creds.user,
    password: creds.password,
    ssl: sslFor(creds.sslmode, creds.host),
    connectionTimeoutMillis: 5000,
    query_timeout: 5000,
  });
  client.on("error", () => {}); // a dropped connection after the test must not crash the process
  try {
    await client.connect();
    const { rows } = await client.query<{ version: string }>("select version()");
    return { ok: true, version: rows[0]?.version ?? "unknown" };
  } catch (err) {
    return { ok: false, error: (err as Error).message || "Connection failed" };
  } finally {
    await client.end().catch(() => {});
  }
}
