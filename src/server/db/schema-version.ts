// Where the migrations are and whether a database has them all: light (node:fs only) so that the start's
// early migration (early-migration.ts) can ask before the server's modules have loaded.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export function migrationsFolder(): string {
  // Works from src/server/db (tests, dev) and from the bundled dist/server (start).
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, "src/server/db/migrations");
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error("Cannot find the migrations folder");
}

/** The newest migration of the folder: drizzle-kit's journal entry time, which drizzle stores as created_at. */
function newestMigrationMillis(folder: string): number {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

/**
 * Whether the database has applied the folder's newest migration — one query. drizzle's migrator applies
 * a migration when the newest created_at it finds is older than the migration's time, and writes the rows
 * in the same transaction as the migrations, so a start that sees the newest one has nothing to do: it
 * skips the migrator's schema and table checks, its transaction, the advisory lock and reading and hashing
 * every migration file (60–170 ms of a start on a busy machine, decision 113). A new database (no table
 * yet) answers false.
 */
export async function schemaUpToDate(
  query: (sql: string) => Promise<{ rows: Array<Record<string, unknown>> }>,
  folder = migrationsFolder(),
): Promise<boolean> {
  try {
    const { rows } = await query("select max(created_at) as newest from drizzle.__drizzle_migrations");
    const newest = rows[0]?.newest;
    return newest != null && Number(newest) >= newestMigrationMillis(folder);
  } catch {
    return false;
  }
}
