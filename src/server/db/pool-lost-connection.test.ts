// A PostgreSQL pool's idle connections (decision 151): one that the database drops while idle (a restart, a
// failover, idle_session_timeout, a terminated backend) is logged and replaced, never an uncaught exception
// (the server used to exit); a few stay open through a lull.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { sql } from "drizzle-orm";
import { POOL_IDLE_MS, POOL_KEPT_OPEN, openDatabase, type Database } from "./client";

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("a PostgreSQL pool's idle connections", () => {
  let database: Database;
  const app = `pool-lost-${process.pid}-${Date.now()}`;
  const withName = (() => {
    if (!url) return "";
    const u = new URL(url);
    u.searchParams.set("application_name", app); // whatever else the URL says (sslmode …) stays
    return u.toString();
  })();

  beforeAll(async () => {
    database = await openDatabase({ url: withName, poolSize: 4, migrate: false });
  });
  afterAll(async () => database?.close());

  const backends = async (): Promise<number[]> => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const r = await c.query<{ pid: number }>("select pid from pg_stat_activity where application_name = $1", [app]);
      return r.rows.map((row) => row.pid);
    } finally {
      await c.end();
    }
  };

  it("a connection the database terminates while idle is replaced, and the process lives on", async () => {
    const [{ pid }] = (await database.db.execute(sql`select pg_backend_pid() as pid`)).rows as Array<{ pid: number }>;
    expect(await backends()).toContain(pid);
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on("uncaughtException", onUncaught);
    try {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query("select pg_terminate_backend($1)", [pid]);
      await admin.end();
      // The pool hears of it when the connection closes.
      for (let i = 0; i < 50 && (await backends()).includes(pid); i++) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 100));
      expect(uncaught).toEqual([]);
      const [{ again }] = (await database.db.execute(sql`select pg_backend_pid() as again`)).rows as Array<{
        again: number;
      }>;
      expect(again).not.toBe(pid);
    } finally {
      process.off("uncaughtException", onUncaught);
    }
  });

  it("is set to keep POOL_KEPT_OPEN connections through a lull and the rest for POOL_IDLE_MS (pg-pool's min and idle timeout)", async () => {
    // Four at once, then idle: the pool's idle timeout would close those above its minimum, never these.
    await Promise.all(Array.from({ length: 4 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    expect(pool.options.min).toBe(POOL_KEPT_OPEN);
    expect(pool.options.idleTimeoutMillis).toBe(POOL_IDLE_MS);
    expect(pool.totalCount).toBeGreaterThanOrEqual(POOL_KEPT_OPEN);
  });
});
