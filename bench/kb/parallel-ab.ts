// Interleaved A/B of hybrid search variants (decision 120) on a knowledge base a latency run kept
// (BENCH_KEEP): blocks of the same SciFact claims, each block run once per variant, the variants' order
// alternating block by block. Per block and variant: p50/p95 of a hybrid topK 10 search (BENCH_MODE=text|vector:
// of that mode's) and the
// PostgreSQL backends' CPU per search (this database's connections, /proc; on PGlite this process's CPU),
// with the load average.
//   DATABASE_URL=… npx tsx bench/kb/parallel-ab.ts <org>:<kb> [claims] [pairs] [variants]
// Variants (comma-separated): one (the legs in one statement), par (the legs on two connections),
// parN (par with N candidates a leg, e.g. par40), tx (par with each leg in a transaction of four round trips
// instead of one message, decision 129), half / vec (par with the 1,536-dimension index on halfvec /
// vector; the database needs that index, see ef-sweep.ts; the others use the engine's type, decision 128),
// unprep (par, or on PGlite one, with each statement planned at every search instead of prepared, decision 133),
// probeorg (par with BM25's posting probes naming the organisation, so read from the heap, decision 134),
// ptN (par with N postings read a term, BM25_TOP.postingsPerTerm), perfile (par with each query term's df summed
// from the files' rows instead of the knowledge base's rollup, decision 135), gatefile (par with the vector leg's
// size gate summed from the files' rows instead of the rollup, decision 136).
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { fakeEmbedding } from "../../e2e/support/fake-provider";
import { HYBRID, searchChunks } from "../../src/server/kb/index/search";
import { ONE_MESSAGE } from "../../src/server/kb/index/one-message";
import { PREPARED } from "../../src/server/kb/index/prepared";
import { BM25_TOP, PROBE, ROLLUP } from "../../src/server/kb/index/bm25";
import { rollUp } from "../../src/server/kb/index/rollup";
import { SIZE_GATE } from "../../src/server/kb/index/dense";
import { benchDatabase, percentile, scifactQueries, useIndexType } from "./setup";

const [orgId, kbId] = (process.argv[2] ?? "").split(":");
if (!orgId || !kbId) throw new Error("usage: parallel-ab.ts <org>:<kb> [claims] [pairs] [variants]");
const claims = Number(process.argv[3] ?? 50);
const pairs = Number(process.argv[4] ?? 4);
const variants = (process.argv[5] ?? "one,par").split(",");
// BENCH_MODE=text|vector times that mode's searches instead of hybrid ones.
const mode = (process.env.BENCH_MODE ?? "hybrid") as "hybrid" | "text" | "vector";
const { database } = await benchDatabase(orgId);
// A kept load from before decision 135 has no df rollup yet: made as the worker makes it after an upgrade.
const rollupStart = performance.now();
const rolled = await rollUp(orgId, kbId);
console.log(`df rollup: ${rolled} files taken in, ${((performance.now() - rollupStart) / 1000).toFixed(1)} s`);
const queries = scifactQueries(claims);
const embeddings = queries.map((q) => fakeEmbedding(q, 1536));

const defaults = { candidates: HYBRID.candidates, perTerm: BM25_TOP.postingsPerTerm };
function use(variant: string) {
  HYBRID.parallel = variant !== "one";
  ONE_MESSAGE.enabled = variant !== "tx";
  PREPARED.enabled = variant !== "unprep";
  BM25_TOP.postingsPerTerm = /^pt\d+$/.test(variant) ? Number(variant.slice(2)) : defaults.perTerm;
  PROBE.checkOrg = variant === "probeorg";
  ROLLUP.enabled = variant !== "perfile";
  SIZE_GATE.rollup = variant !== "gatefile";
  HYBRID.candidates = /^par\d+$/.test(variant) ? Number(variant.slice(3)) : defaults.candidates;
  useIndexType(variant === "half" ? "halfvec" : variant === "vec" ? "vector" : "product");
}

const TICK_MS = 10;
/** CPU ticks by backend pid (a connection the pool closed takes its ticks with it, so deltas are per pid). */
async function backendTicks(): Promise<Map<number, number>> {
  // PGlite runs in this process: its CPU is this process's.
  if (!process.env.DATABASE_URL) {
    const u = process.cpuUsage();
    return new Map([[0, (u.user + u.system) / 1000 / TICK_MS]]);
  }
  const pids = (
    (await database.db.execute(
      sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and application_name not like 'psql%'`,
    )) as unknown as { rows: { pid: number }[] }
  ).rows.map((r) => r.pid);
  const ticks = new Map<number, number>();
  for (const pid of pids) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks.set(pid, Number(f[11]) + Number(f[12]));
    } catch {
      // a connection that just ended
    }
  }
  return ticks;
}
/** Ticks spent between two readings: by the pids of both, and all of a connection opened in between. */
const spent = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, t]) => sum + t - (before.get(pid) ?? 0), 0);
const loadAt = () => readFileSync("/proc/loadavg", "utf8").split(" ")[0];
const search = (i: number) =>
  searchChunks(orgId, {
    knowledgeBaseIds: [kbId],
    query: queries[i]!,
    queryEmbedding: embeddings[i]!,
    topK: 10,
    mode,
  });

// Warm both connections and the caches with every variant.
for (const v of variants) {
  use(v);
  for (let i = 0; i < Math.min(10, claims); i++) await search(i);
}
const summary = new Map<string, { p50: number[]; p95: number[]; cpu: number[] }>();
const sameTop = new Map<string, number>();
let reference: string[][] | null = null;
for (let pair = 0; pair < pairs; pair++) {
  const order = pair % 2 === 0 ? variants : [...variants].reverse();
  for (const v of order) {
    use(v);
    const times: number[] = [];
    const got: string[][] = [];
    const load = loadAt();
    const t0 = await backendTicks();
    for (let i = 0; i < claims; i++) {
      const t = performance.now();
      const hits = await search(i);
      times.push(performance.now() - t);
      got.push(hits.map((h) => h.chunkId));
    }
    const cpu = (spent(t0, await backendTicks()) * TICK_MS) / claims;
    const s = summary.get(v) ?? { p50: [], p95: [], cpu: [] };
    s.p50.push(percentile(times, 50));
    s.p95.push(percentile(times, 95));
    s.cpu.push(cpu);
    summary.set(v, s);
    // The first variant's first block is the reference: the share of its top 10 each variant returns.
    if (!reference) reference = got;
    const same = got.reduce((n, ids, i) => n + ids.filter((id) => reference![i]!.includes(id)).length / 10, 0);
    sameTop.set(v, (sameTop.get(v) ?? 0) + same / claims / pairs);
    console.log(
      `pair ${pair + 1} ${v.padEnd(6)} p50 ${percentile(times, 50).toFixed(1)} p95 ${percentile(times, 95).toFixed(1)} ms, server CPU ${cpu.toFixed(1)} ms/search, load ${load}`,
    );
  }
}
const med = (xs: number[]) => percentile(xs, 50);
for (const [v, s] of summary)
  console.log(
    `${v.padEnd(6)} medians over ${pairs} blocks of ${claims} claims: p50 ${med(s.p50).toFixed(1)} p95 ${med(s.p95).toFixed(1)} ms, server CPU ${med(s.cpu).toFixed(1)} ms/search; same top 10 as ${variants[0]}: ${sameTop.get(v)!.toFixed(3)}`,
  );
await database.close();
