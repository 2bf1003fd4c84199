// A new PostgreSQL database gets its pending migrations in one message (decision 113). drizzle's migrator
// sends each of the ~150 statements on its own and waits for each answer: 1.2–2.4 s of a first start on
// a busy machine, most of a cold start; one simple-query message is one round trip and, like drizzle's
// own, one transaction (PostgreSQL runs a multi-statement message as one unless it holds BEGIN/COMMIT).
// The same table and rows as drizzle's (hash, created_at), so either can take over from the other.
import type { ClientBase } from "pg";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { migrationsFolder } from "./schema-version";

const TABLE = `"drizzle"."__drizzle_migrations"`;

/** Applies what the folder has beyond the database's newest migration; returns how many were applied. */
export async function migrateInOneMessage(client: ClientBase, folder: string, onSent?: () => void): Promise<number> {
  await client.query(
    `CREATE SCHEMA IF NOT EXISTS "drizzle"; ` +
      `CREATE TABLE IF NOT EXISTS ${TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
  const { rows } = await client.query<{ created_at: string }>(
    `select created_at from ${TABLE} order by created_at desc limit 1`,
  );
  const newest = rows[0] ? Number(rows[0].created_at) : null;
  const pending = readMigrationFiles({ migrationsFolder: folder }).filter(
    (m) => newest === null || newest < m.folderMillis,
  );
  if (!pending.length) return 0;
  const statements = pending.flatMap((m) => [
    ...m.sql.filter((s) => s.trim()),
    // hash is hex and folderMillis a number: nothing to quote.
    `insert into ${TABLE} ("hash", "created_at") values ('${m.hash}', ${Number(m.folderMillis)})`,
  ]);
  // A newline before each separator ends any trailing "--" comment; an empty statement is allowed.
  const applied = client.query(statements.join("\n;\n"));
  // node-postgres hands it to the socket inside query() (the connection has nothing queued); on loopback the
  // ~70 KB go out at once, elsewhere the kernel's send buffer may leave a tail for the next turn of the loop.
  onSent?.();
  await applied;
  return pending.length;
}

/**
 * Applies the pending migrations in one message under the migration lock: replicas starting together take
 * turns. `fallback` runs, still under the lock, when the message fails (it applied nothing).
 */
export async function migrateLocked(
  client: ClientBase,
  opts: { fallback?: () => Promise<unknown>; onSent?: () => void } = {},
): Promise<void> {
  await client.query("select pg_advisory_lock(hashtext('switchboard:migrate'))");
  try {
    try {
      await migrateInOneMessage(client, migrationsFolder(), opts.onSent);
    } catch (error) {
      if (!opts.fallback) throw error;
      await opts.fallback();
    }
  } finally {
    await client.query("select pg_advisory_unlock(hashtext('switchboard:migrate'))").catch(() => {});
  }
}
