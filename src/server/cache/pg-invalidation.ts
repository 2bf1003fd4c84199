// Multi-replica cache invalidation over PostgreSQL LISTEN/NOTIFY: one dedicated connection listens;
// writers NOTIFY through the pool. While the listener is down, every cache is bypassed (correct, just
// slower) and it reconnects every second.
import { sql } from "drizzle-orm";
import type { Client } from "pg";
import type { Db } from "../db/client";
import { log } from "../logger";
import { invalidateLocal, setCacheBypass, setRemoteInvalidation } from "./invalidation";

const CHANNEL = "switchboard_cache";
const RETRY_MS = 1000;

export async function startPgInvalidation(url: string, db: Db): Promise<() => Promise<void>> {
  const { Client } = await import("pg");
  let client: Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  setCacheBypass(true);

  const scheduleReconnect = () => {
    setCacheBypass(true);
    if (!closed && !retry) retry = setTimeout(() => ((retry = undefined), void connect()), RETRY_MS);
  };
  const connect = async () => {
    const c = new Client({ connectionString: url });
    c.on("notification", (n) => invalidateLocal(n.payload ?? ""));
    c.on("error", (err) => log.warn("cache listener connection failed", { error: err.message }));
    c.on("end", () => {
      if (client === c) client = null;
      scheduleReconnect();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
      client = c;
      setCacheBypass(false);
    } catch (err) {
      log.warn("cache listener could not connect", { error: (err as Error).message });
      await c.end().catch(() => {});
      scheduleReconnect();
    }
  };
  await connect();
  setRemoteInvalidation((topic) => {
    db.execute(sql`select pg_notify(${CHANNEL}, ${topic})`).catch((err: Error) =>
      log.warn("cache invalidation notify failed", { error: err.message }),
    );
  });
  return async () => {
    closed = true;
    clearTimeout(retry);
    setRemoteInvalidation(null);
    await client?.end().catch(() => {});
  };
}
