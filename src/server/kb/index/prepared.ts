// Search statements prepared once per connection (decision 133). Planning the hybrid legs' statements (a
// dozen CTEs) cost 1.6–2.5 ms of every text leg at 100,000 chunks on PostgreSQL, more than its rescoring
// probes: a statement is now PREPAREd on a connection the first time it is used there and EXECUTEd after,
// under plan_cache_mode force_generic_plan, so each search runs the plan made at the first one.
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { createHash } from "node:crypto";
import { sqlLiteral } from "./sql-literal";
import type { Queryable } from "./sql-parts";

/**
 * enabled: whether searches run prepared statements (benches A/B it). perConnection: how many a connection
 * keeps (least recently used deallocated first); a search has a handful of shapes (leg, dimension count,
 * file filter or not, exact or index), so this is only a bound.
 */
export const PREPARED = { enabled: true, perConnection: 32 };

const dialect = new PgDialect();

/**
 * A connection's prepared statements by name, least recently used first (a Map keeps insertion order). Only
 * names this module made are ever deallocated: the chat's named statements (decision 109, node-postgres's
 * protocol-level ones) share the pooled connections, and node-postgres would not parse one again.
 */
const byConnection = new WeakMap<object, Map<string, true>>();

const namesOf = (connection: object) => {
  let names = byConnection.get(connection);
  if (!names) byConnection.set(connection, (names = new Map()));
  return names;
};

/** A parameter's value written as an EXECUTE argument (the prepared statement's parameter types apply). */
export function argLiteral(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return sqlLiteral(value);
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  throw new Error(`A search parameter cannot be written into an EXECUTE: ${typeof value}`);
}

export interface PreparedRun {
  /** The statements to send before `execute`: DEALLOCATE of an evicted one, PREPARE of this one (or none). */
  before: string[];
  /** EXECUTE of the statement with its values. */
  execute: string;
  /** After the statements ran: the connection holds the statement. */
  done(): void;
  /**
   * After an error isPreparedMismatch took: the record made true again. DEALLOCATE and PREPARE outlive the
   * transaction they ran in. "Already exists" (42P05) comes from the PREPARE: the evicted name was deallocated
   * before it, and this one is held. "Does not exist" (26000) comes from the DEALLOCATE or from an EXECUTE of
   * a name recorded as held: neither is held.
   */
  settle(err: unknown): void;
}

/**
 * How to run `statement` prepared on `connection` (a pooled pg client, or the PGlite instance: one
 * session each). The name is the statement's text's digest, so one shape is prepared once whatever its
 * values; its parameters' types are those PostgreSQL infers at PREPARE, as for the unnamed statements of
 * the extended protocol.
 */
export function preparedRun(connection: object, statement: SQL): PreparedRun {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const name = `kb_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
  const names = namesOf(connection);
  const before: string[] = [];
  let evicted: string | undefined;
  if (!names.has(name)) {
    if (names.size >= PREPARED.perConnection) {
      evicted = names.keys().next().value!;
      before.push(`deallocate ${evicted}`);
    }
    before.push(`prepare ${name} as ${text}`);
  }
  const args = params.length > 0 ? `(${params.map(argLiteral).join(", ")})` : "";
  return {
    before,
    execute: `execute ${name}${args}`,
    done: () => {
      if (evicted) names.delete(evicted);
      names.delete(name);
      names.set(name, true);
    },
    settle: (err) => {
      if (evicted) names.delete(evicted);
      if ((err as { code?: string }).code === "42P05") names.set(name, true);
      else names.delete(name);
    },
  };
}

/**
 * A prepared statement run inside a transaction (PGlite's one session; decision 133). A PREPARE outlives
 * the transaction whatever becomes of it, so the statement counts as prepared once the statements before
 * its EXECUTE ran.
 */
export async function executePrepared(tx: Queryable, connection: object, statement: SQL): Promise<unknown> {
  if (!PREPARED.enabled) return tx.execute(statement);
  const run = preparedRun(connection, statement);
  try {
    for (const s of run.before) await tx.execute(sql.raw(s));
  } catch (err) {
    if (isPreparedMismatch(err)) run.settle(err);
    throw err;
  }
  run.done();
  return tx.execute(sql.raw(run.execute));
}

/**
 * Errors that mean a connection's prepared statements are not what this process recorded (a statement
 * missing, or one of the same name already there, e.g. after DISCARD or behind a pooler that shares server
 * sessions): the search runs again unprepared where it can, and the record is settled.
 */
export const isPreparedMismatch = (err: unknown) => {
  const code = (err as { code?: string } | null)?.code;
  return code === "26000" || code === "42P05";
};

/** The setting a prepared search runs under: its one generic plan (no replanning for the first five runs). */
export const GENERIC_PLAN = "set_config('plan_cache_mode', 'force_generic_plan', true)";
