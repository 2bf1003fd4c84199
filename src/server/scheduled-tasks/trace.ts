// SCHEDULER_TRACE=1 (benches): each scheduler transaction's wait for a connection, its own time and what
// it did, as BENCH_METRICS lines on stderr (bench/setup.ts collects them). Off, it costs one check.
import type { Db } from "../db/client";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
const on = () => Boolean(process.env.SCHEDULER_TRACE);

export function trace(fields: Record<string, unknown>) {
  if (on()) process.stderr.write(`BENCH_METRICS ${JSON.stringify({ ...fields, at: Date.now() })}\n`);
}

/** `handle.transaction(fn)`, traced as step `k` with `n` = what `count` makes of the result. */
export async function tracedTransaction<T>(
  handle: Db,
  k: string,
  fn: (tx: Tx, extra: Record<string, number>) => Promise<T>,
  count: (result: T) => number,
): Promise<T> {
  const asked = performance.now();
  let began = asked;
  const extra: Record<string, number> = {};
  const result = await handle.transaction((tx) => {
    began = performance.now();
    return fn(tx, extra);
  });
  if (on()) trace({ k, n: count(result), pool: began - asked, tx: performance.now() - began, ...extra });
  return result;
}
