// A connection of its own for the statement a streaming reply sends for nearly every token: the chat's
// chunk insert (decision 140). Through the pool, each insert waits for pool.connect()'s process.nextTick
// before it is written, so it goes out only after every promise job queued meanwhile (the rest of the
// model's read: on a reply's first token, its other tokens), and pays the pool's acquire and release.
// On a connection of its own the insert is written to the socket in the call. The writes to it are one at
// a time (the hub's flush), so nothing queues behind them. While the connection is not open (the first
// reply after a start, or after a drop) the statement goes through the pool, and the connection is
// opened (again) meanwhile: it never adds a wait. PGlite runs the statement as before (runNamed).
import type { Query } from "drizzle-orm";
import type { Client as PgClient, Pool } from "pg";
import { db, driverOf, onPoolClose } from "./client";
import { runNamed, statementName } from "./named-query";
import { log } from "../logger";

interface Own {
  client: PgClient | null;
  opening: boolean;
  closed: boolean;
}

const owns = new WeakMap<Pool, Own>();

function ownOf(pool: Pool): Own {
  let own = owns.get(pool);
  if (!own) {
    owns.set(pool, (own = { client: null, opening: false, closed: false }));
    onPoolClose(pool, () => closeOwnConnection(pool));
  }
  return own;
}

async function open(pool: Pool, own: Own) {
  if (own.opening || own.client || own.closed) return;
  own.opening = true;
  const { Client } = await import("pg");
  // The pool's own settings (connection string, TLS, password …): the pool makes its clients the same way.
  const c = new Client({ ...(pool as unknown as { options: object }).options, application_name: "switchboard stream" });
  const drop = () => {
    if (own.client === c) own.client = null;
  };
  c.on("error", (err) => {
    drop();
    log.warn("chat stream connection lost; inserts go through the pool until it is open again", {
      error: String(err),
    });
  });
  c.on("end", drop);
  try {
    await c.connect();
    if (own.closed) await c.end();
    else own.client = c;
  } catch (err) {
    log.warn("chat stream connection could not be opened; inserts go through the pool", { error: String(err) });
    await c.end().catch(() => {});
  } finally {
    own.opening = false;
  }
}

/** Opens the connection ahead of the first statement (a reply starting), where there is one to open. */
export function warmOwnConnection() {
  const driver = driverOf(db());
  if ("pool" in driver) void open(driver.pool, ownOf(driver.pool));
}

/** Runs a statement of a fixed text (as runNamed) on the connection of its own when it is open. */
export async function runOnOwnConnection(q: Query): Promise<Record<string, unknown>[]> {
  const driver = driverOf(db());
  if ("pool" in driver) {
    const own = ownOf(driver.pool);
    const c = own.client;
    if (c) return (await c.query({ name: statementName(q.sql), text: q.sql, values: q.params as unknown[] })).rows;
    void open(driver.pool, own);
  }
  return runNamed(q);
}

/** The open connection of its own of the process's database, if any (tests, diagnostics). */
export function ownConnection(): PgClient | null {
  const driver = driverOf(db());
  return "pool" in driver ? (owns.get(driver.pool)?.client ?? null) : null;
}

/** Ends the connection of its own of `pool` (the database closing). */
export async function closeOwnConnection(pool: Pool) {
  const own = owns.get(pool);
  if (!own) return;
  own.closed = true;
  const c = own.client;
  own.client = null;
  await c?.end().catch(() => {});
}
