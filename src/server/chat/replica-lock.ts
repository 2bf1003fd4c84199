// With PostgreSQL every server process holds, for as long as it lives, a session-level advisory lock
// named by its INSTANCE_ID, on a connection of its own (decision 088). PostgreSQL frees a session's
// locks the moment its connection ends, and a killed process's socket is closed by its kernel, so
// the other replicas see a dead owner's replies at their next look (every 2 s) instead of waiting for
// its heartbeat to go stale (30 s). A host that vanishes without closing its socket is still caught by
// the heartbeat.
import { sql, type SQL } from "drizzle-orm";
import type { Client as PgClient } from "pg";
import { log } from "../logger";

/** The lock's 64-bit key is computed by PostgreSQL from this text and the id, for holder and checkers alike. */
const NAMESPACE = "switchboard:replica:";
const replicaLockKey = (instanceId: SQL): SQL => sql`hashtextextended(${NAMESPACE} || ${instanceId}, 0)`;

/**
 * True when some session of this database holds the replica lock of `instanceId` (an SQL expression,
 * e.g. a column). A bigint advisory key shows in pg_locks as classid (high 32 bits) and objid (low).
 */
export function replicaIsAlive(instanceId: SQL): SQL {
  const key = replicaLockKey(instanceId);
  return sql`exists (select 1 from pg_locks l
    where l.locktype = 'advisory' and l.granted and l.objsubid = 1
      and l.database = (select oid from pg_database where datname = current_database())
      and l.classid::bigint = ((${key} >> 32) & 4294967295)
      and l.objid::bigint = (${key} & 4294967295))`;
}

export interface ReplicaLock {
  release(): Promise<void>;
}

/**
 * Takes the replica lock on a dedicated connection and keeps it: if that connection drops while the
 * process lives, it reconnects and takes the lock again (until then the process's replies look dead
 * to the others, so the gap is kept short: one retry per second).
 */
export async function holdReplicaLock(url: string, instanceId: string): Promise<ReplicaLock> {
  const { Client } = await import("pg");
  let client: PgClient | null = null;
  let stopped = false;

  const lock = async (): Promise<void> => {
    for (;;) {
      const c = new Client({ connectionString: url, application_name: `switchboard replica ${instanceId}` });
      try {
        c.on("error", () => {});
        await c.connect();
        await c.query("select pg_advisory_lock(hashtextextended($1 || $2, 0))", [NAMESPACE, instanceId]);
        client = c;
        c.on("end", () => {
          if (stopped || client !== c) return;
          client = null;
          log.warn("replica lock connection lost; taking the lock again");
          void lock();
        });
        return;
      } catch (err) {
        await c.end().catch(() => {});
        if (stopped) return;
        log.error("replica lock: cannot take the lock", { error: String(err) });
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  };

  await lock();
  return {
    release: async () => {
      stopped = true;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
