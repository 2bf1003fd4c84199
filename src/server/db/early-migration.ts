// A start on PostgreSQL asks whether the schema is up to date, and on a new database sends the
// migrations, before the server's modules load (issue 18's cold start): PostgreSQL then creates the ~130
// relations on the other core while the modules load (110–135 ms) instead of after them (~160 ms of a
// new database's start, measured). The modules' evaluation holds the event loop, so main.ts waits until
// the migration's message is handed to the socket (a few round trips), not for its answer. Only `pg`,
// node:fs and drizzle's migration-file reader are loaded for it. Any failure is left to the regular path (db/client.ts), which migrates again and
// reports the error.
import { migrateLocked } from "./migrate-in-one-message";
import { schemaUpToDate } from "./schema-version";

let early: { url: string; done: Promise<boolean> } | null = null;

/**
 * Starts the check (and, when needed, the migration) on its own connection. Resolves once there is
 * nothing more to send: the schema was up to date, the migration's message was written, or it failed.
 */
export function beginEarlyMigration(url: string): Promise<void> {
  let sent!: () => void;
  const written = new Promise<void>((resolve) => (sent = resolve));
  const done = upToDate(url, sent).catch(() => false);
  early = { url, done };
  return Promise.race([written, done.then(() => {})]);
}

/** Resolves true once the early path left `url`'s schema up to date; false if it did not run or failed. */
export function earlyMigration(url: string): Promise<boolean> {
  return early?.url === url ? early.done : Promise.resolve(false);
}

async function upToDate(url: string, onSent: () => void): Promise<boolean> {
  const { Client } = await import("pg");
  // main.ts waits for this: an unreachable server is left to the pool's own connection and its error.
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on("error", () => {}); // a dropped connection fails the queries below; the regular path retries
  await client.connect();
  try {
    if (await schemaUpToDate((text) => client.query(text))) return true;
    await migrateLocked(client, { onSent });
    return true;
  } finally {
    await client.end().catch(() => {});
  }
}
