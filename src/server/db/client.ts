// One database handle for the process: PGlite (embedded, files under DATA_DIR) by default, or
// PostgreSQL through node-postgres when DATABASE_URL is set. Same schema, same migrations, same SQL.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { PGlite } from "@electric-sql/pglite";
import type { Pool } from "pg";
import * as tables from "./tables";
import { makePrivate } from "../security/data-dir";
import { log } from "../logger";
import { copyPgliteSeed } from "./pglite-seed";
import { migrateLocked } from "./migrate-in-one-message";
import { migrationsFolder, schemaUpToDate } from "./schema-version";
import { earlyMigration } from "./early-migration";
import { HNSW_INDEX_BYTES_SQL, autoPoolSize, readPoolHint, sizeMb, writePoolHint } from "./pglite-pool";

export { migrationsFolder, schemaUpToDate };

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

const poolClosers = new WeakMap<Pool, Array<() => Promise<void>>>();
/** Runs `close` when the database over `pool` closes, before the pool ends (connections of their own: decision 140). */
export function onPoolClose(pool: Pool, close: () => Promise<void>) {
  const list = poolClosers.get(pool) ?? [];
  list.push(close);
  poolClosers.set(pool, list);
}

/** The process-wide handle (set at start by services.ts). Query functions call it. */
export function db(): Db {
  if (!current) throw new Error("The database is not set: call setDb() at start-up");
  return current;
}

/** Points the process-wide handle at `handle` (start-up; tests switch between PGlite and PostgreSQL). */
export function setDb(handle: Db) {
  current = handle;
}

export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /**
   * PGlite's shared_buffers (its WebAssembly heap never shrinks; PostgreSQL's default is 128MB), or "auto":
   * sized from the knowledge bases' vector indexes (decision 126).
   */
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

/** Connections of a PostgreSQL pool kept open however long it is idle, and how long the others stay idle. */
export const POOL_KEPT_OPEN = 2;
export const POOL_IDLE_MS = 60_000;

async function openPostgres(url: string, max: number) {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new Pool({
    connectionString: url,
    max,
    // A few connections stay open through a lull, so the first chat after it does not wait for a new
    // connection and its statements to be prepared again (~5–10 ms of its first token); the rest close after
    // a minute idle (decision 151).
    min: Math.min(POOL_KEPT_OPEN, max),
    idleTimeoutMillis: POOL_IDLE_MS,
  });
  // An idle connection that PostgreSQL or the network drops (a restart, a failover, idle_session_timeout, a
  // terminated backend) is removed by the pool, which then emits "error": without a listener that is an
  // uncaught exception and the server exits. The next query opens another connection (decision 151).
  pool.on("error", (err) => log.warn("database connection lost while idle", { error: err.message }));
  const handle = drizzle({ client: pool, schema: tables });
  return {
    db: handle,
    kind: "postgres" as const,
    // Replicas starting together take turns: the advisory lock serialises their migrations.
    migrate: async () => {
      // main.ts began this while the modules loaded; it answers false if it did not run or failed.
      if (await earlyMigration(url)) return;
      if (await schemaUpToDate((text) => pool.query(text))) return;
      const client = await pool.connect();
      try {
        await migrateLocked(client, {
          // Nothing was applied (one transaction): drizzle's migrator, statement by statement, names the
          // statement that fails in its error.
          fallback: () => migrate(handle, { migrationsFolder: migrationsFolder() }),
        });
      } finally {
        client.release();
      }
    },
    close: async () => {
      for (const close of poolClosers.get(pool) ?? []) await close().catch(() => {});
      await pool.end();
    },
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
  const create = (pool: string | undefined) =>
    PGlite.create(folder, {
      extensions: { vector },
      startParams: pool ? [...PGlite.defaultStartParams, "-c", `shared_buffers=${pool}`] : PGlite.defaultStartParams,
    });
  const auto = sharedBuffers === "auto";
  const pool = auto ? ((dataDir && readPoolHint(dataDir)) ?? autoPoolSize(0)) : sharedBuffers;
  let client = await create(pool);
  if (auto && dataDir) {
    const { rows } = await client.query<{ bytes: number }>(HNSW_INDEX_BYTES_SQL);
    const bytes = Number(rows[0]?.bytes ?? 0);
    const wanted = autoPoolSize(bytes);
    if (wanted !== pool) {
      try {
        writePoolHint(dataDir, wanted);
      } catch (err) {
        log.warn("could not keep the PGlite buffer pool's size", { error: String(err) });
      }
      // A larger pool is taken now (one more open, on the start where the indexes outgrew it); a smaller
      // one from the next start: reopening to give memory back would cost this start as much.
      if (sizeMb(wanted) > sizeMb(pool!)) {
        log.info("PGlite buffer pool resized for the knowledge bases' vector indexes", {
          pool: wanted,
          indexMb: Math.round(bytes / 1024 / 1024),
        });
        await client.close();
        client = await create(wanted);
      }
    }
  }
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
