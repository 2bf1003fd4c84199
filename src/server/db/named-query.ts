// A statement the server sends reply after reply with the same text (the chat's begin and end, decision
// 109) runs as a named statement on PostgreSQL: each connection parses it once and PostgreSQL may keep its
// plan, instead of parsing and planning a statement of several CTEs every time. PGlite runs it as it is.
// Only texts of a fixed shape may come here (a handful per process): every name stays prepared on every
// connection for the connection's life, so the map below is bounded and a text beyond it runs unnamed.
import { createHash } from "node:crypto";
import { fillPlaceholders, sql, type Query, type SQL } from "drizzle-orm";
import { db, driverOf } from "./client";

const MAX_NAMES = 64;
const names = new Map<string, string>();

/** Runs a built statement (`builder.toSQL()`: its parameters are already the driver's values). */
export async function runNamed(q: Query): Promise<Record<string, unknown>[]> {
  const driver = driverOf(db());
  if ("pglite" in driver) return (await driver.pglite.query<Record<string, unknown>>(q.sql, q.params)).rows;
  return (await driver.pool.query({ name: statementName(q.sql), text: q.sql, values: q.params })).rows;
}

/** The name a text is prepared under on every connection; undefined (unnamed) past the bound. */
export function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (!name && names.size < MAX_NAMES) {
    name = `sb_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Statements built once per process with placeholders and filled per call (decisions 117, 124): `ph` a
 * value anywhere a builder takes one; `setPh` a value in an update's `set`, where drizzle's types leave
 * placeholders out while its runtime takes them as in an insert's values (a parameter with the column's
 * encoder: jsonb, timestamps).
 */
export const ph = (name: string) => sql.placeholder(name);
export const setPh = (name: string) => sql.placeholder(name) as unknown as SQL;

/** Runs a statement built with placeholders (`builder.toSQL()`), filled with `values`. */
export function runFilled(q: Query, values: Record<string, unknown>) {
  return runNamed({ sql: q.sql, params: fillPlaceholders(q.params, values) });
}
