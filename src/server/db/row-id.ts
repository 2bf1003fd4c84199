// Ids of the rows chat writes most (conversations, messages, replies' streams): UUID version 7 (RFC 9562),
// the time in milliseconds first, then 74 random bits (decision 152). A version 4 id lands on a random leaf
// of every B-tree index it is in, so on a grown database each new chat dirties pages nothing else touched
// since the last checkpoint — each written to the WAL whole (8 KB) — and reads pages that are not cached;
// ids in time order land beside the ones just written.
import { randomUUID } from "node:crypto";

/** A new row id: a UUID version 7, from node's pooled random UUID with its first 48 bits made the time. */
export function newRowId(now = Date.now()): string {
  const time = now.toString(16).padStart(12, "0");
  const random = randomUUID(); // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx: V already the RFC variant
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `id` can name a row of a uuid column: anything else names none (a 404, never a query that fails on
 * the cast with a 500).
 */
export const isUuid = (id: unknown): id is string => typeof id === "string" && UUID.test(id);
