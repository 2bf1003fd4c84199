// One database handle for the process: PGlite (embedded, files under DATA_DIR) by default, or
// PostgreSQL through node-postgres when DATABASE_URL is set. Same schema, same migrations, same SQL.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { PGlite } from "@electric-sql/pglite";
import type { Pool } from "pg";
import * as tables from "./tables";
import { makePrivate } from "../security/data-dir";
import { log } from "../logger";
import { copyPgliteSeed } from "./pglite-seed";
import { migrateInOneMessage } from "./migrate-in-one-message";

export type Db = NodePgDatabase<typeof tables>;
export type DbKind = "pglite" | "postgres";
/** A transaction's handle; `Executor` is either, for queries that may run inside one. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Executor = Db | Tx;

/** The driver under a handle, for what the query builder cannot send (named or multi-statement messages). */
export function driverOf(handle: Db): { pglite: PGlite } | { pool: Pool } {
  const client = (handle as unknown as { $client: PGlite | Pool }).$client;
  return "exec" in client ? { pglite: client } : { pool: client };
}

export interface Database {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
  /** Milliseconds to open (driver, connection or PGlite) and to bring the schema up to date, for the start log. */
  timings?: { openMs: number; migrateMs: number };
}

let current: Db | null = null;

/** The process-wide handle (set at start by services.ts). Query functions call it. */
export function db(): Db {
  if (!current) throw new Error("The database is not set: call setDb() at start-up");
  return current;
}

/** Points the process-wide handle at `handle` (start-up; tests switch between PGlite and PostgreSQL). */
export function setDb(handle: Db) {
  current = handle;
}

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

export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /** PGlite's shared_buffers (its WebAssembly heap never shrinks; PostgreSQL's default is 128MB). */
  pgliteSharedBuffers?: string;
  migrate?: boolean;
}): Promise<Database> {
  const started = performance.now();
  const database: Database & { migrate(): Promise<void> } = opts.url
    ? await openPostgres(opts.url, opts.poolSize ?? 10)
    : await openPglite(opts.dataDir, opts.pgliteSharedBuffers);
  const opened = performance.now();
  if (opts.migrate !== false) await database.migrate();
  database.timings = { openMs: Math.round(opened - started), migrateMs: Math.round(performance.now() - opened) };
  return database;
}

async function openPostgres(url: string, max: number) {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new Pool({ connectionString: url, max });
  const handle = drizzle({ client: pool, schema: tables });
  return {
    db: handle,
    kind: "postgres" as const,
    // Replicas starting together take turns: the advisory lock serialises their migrations.
    migrate: async () => {
      if (await schemaUpToDate((text) => pool.query(text))) return;
      const lock = await pool.connect();
      try {
        await lock.query("select pg_advisory_lock(hashtext('switchboard:migrate'))");
        try {
          await migrateInOneMessage(lock, migrationsFolder());
        } catch {
          // Nothing was applied (one transaction): drizzle's migrator, statement by statement, names the
          // statement that fails in its error.
          await migrate(handle, { migrationsFolder: migrationsFolder() });
        }
      } finally {
        await lock.query("select pg_advisory_unlock(hashtext('switchboard:migrate'))").catch(() => {});
        lock.release();
      }
    },
    close: () => pool.end(),
  };
}

/** `dataDir` undefined means in memory (tests). */
async function openPglite(dataDir?: string, sharedBuffers?: string) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { vector } = await import("@electric-sql/pglite-pgvector");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const folder = dataDir ? path.join(dataDir, "pglite") : undefined;
  // The embedded database's files are read through the OS page cache anyway: a smaller buffer pool
  // than PostgreSQL's 128MB default keeps an idle server's memory down (issue 18, decision 089).
  if (folder && copyPgliteSeed(folder)) log.info("new PGlite database made from the build's seed");
  const startParams = sharedBuffers
    ? [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffers}`]
    : PGlite.defaultStartParams;
  const client = await PGlite.create(folder, { extensions: { vector }, startParams });
  // PGlite gives its files mode 0666 whatever the umask: make them private (decision 025).
  const privatise = () => folder && makePrivate(folder);
  privatise();
  const handle = drizzle({ client, schema: tables });
  return {
    // The PGlite and node-postgres drivers expose the same query builder; one type keeps callers simple.
    db: handle as unknown as Db,
    kind: "pglite" as const,
    migrate: async () => {
      if (await schemaUpToDate((text) => client.query(text))) return;
      await migrate(handle, { migrationsFolder: migrationsFolder() });
      privatise();
    },
    close: async () => {
      await client.close();
      privatise();
    },
  };
}
