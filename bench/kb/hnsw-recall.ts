// The vector leg's recall@10 against exact search at scale, by embedding shape and HNSW build parameters,
// on a bare table (no postings: loading the vectors alone is what this needs). The vectors are those
// latency.ts loads (SciFact chunks cycled, each tagged "chunk<i>") in one of three shapes:
//   sparse    the fake provider's hashed, sparse stand-in (what latency.ts and the tests use);
//   dense     the same vector through a fixed Gaussian random projection to 1,536 dims, normalised
//             (dense like a model's, but distances are kept: the neighbourhoods are the same);
//   latent256 the same features projected to 256 dims first, then spread over 1,536 (a dense vector
//             of low intrinsic dimension, as real models' are; a synthetic stand-in, not a model).
//   DATABASE_URL=… npx tsx bench/kb/hnsw-recall.ts <sparse|dense|latent256> [chunks] [queries]
//   HNSW_BUILDS="16:64,32:128" (m:ef_construction), EF="40,100,200,400" (ef_search). BENCH_KEEP_TABLE=1 keeps it.
import { readFileSync } from "node:fs";
import pg from "pg";
import { fakeEmbedding } from "../../e2e/support/fake-provider";
import { chunkText } from "./chunker";
import { percentile, scifactAbstracts, scifactQueries } from "./setup";

const shape = process.argv[2] ?? "sparse";
const N = Number(process.argv[3] ?? 100_000);
const Q = Number(process.argv[4] ?? 50);
const DIMS = 1536;
const builds = (process.env.HNSW_BUILDS ?? "16:64").split(",").map((b) => b.split(":").map(Number) as [number, number]);
const efs = (process.env.EF ?? "40,100,200,400").split(",").map(Number);
const texts = scifactAbstracts().flatMap((a) => chunkText(a).map((c) => c.content));
// TEXTS=mixed: 100,000 distinct texts instead of SciFact's ~11,000 cycled: the first half of one chunk and the
// second half of another (cycled, every chunk of a text is one of ~13 near-duplicates: hard for a graph).
const mixed = process.env.TEXTS === "mixed";
const textOf = (j: number) => {
  const a = texts[j % texts.length]!;
  if (!mixed) return `${a} chunk${j}`;
  const b = texts[(Math.floor(j / texts.length) * 7919 + j * 31 + 1) % texts.length]!;
  return `${a.slice(0, a.length >> 1)} ${b.slice(b.length >> 1)}`;
};
const queries = scifactQueries(Q);

// A fixed Gaussian matrix (seeded), N(0, 1/rows) so norms are kept on average; the layout is project's.
function gaussian(rows: number, cols: number, seed: number): Float32Array {
  let x = seed;
  const u = () => ((x = (Math.imul(x, 1664525) + 1013904223) >>> 0) + 1) / 4294967297;
  const m = new Float32Array(rows * cols);
  for (let i = 0; i < m.length; i += 2) {
    const r = Math.sqrt(-2 * Math.log(u())) / Math.sqrt(rows);
    const t = 2 * Math.PI * u();
    m[i] = r * Math.cos(t);
    if (i + 1 < m.length) m[i + 1] = r * Math.sin(t);
  }
  return m;
}
const latentDims = shape === "latent256" ? 256 : DIMS;
const first = shape === "sparse" ? null : gaussian(latentDims, DIMS, 12345);
const second = shape === "latent256" ? gaussian(DIMS, latentDims, 54321) : null;

// m is column-major (cols × rows): out += column j · v[j], contiguous reads.
function project(v: ArrayLike<number>, m: Float32Array, rows: number): Float64Array {
  const out = new Float64Array(rows);
  for (let j = 0; j < v.length; j++) {
    const x = v[j]!;
    if (x === 0) continue;
    const base = j * rows;
    for (let i = 0; i < rows; i++) out[i]! += m[base + i]! * x;
  }
  return out;
}
function embed(text: string): number[] {
  const v = fakeEmbedding(text, DIMS);
  if (!first) return v;
  let y = project(v, first, latentDims);
  if (second) y = project(y, second, DIMS);
  const norm = Math.sqrt(y.reduce((s, x) => s + x * x, 0));
  // 5 decimals: the SQL text of 100,000 dense vectors is what loading costs (exact and HNSW read the same values).
  return Array.from(y, (x) => Math.round((x / norm) * 1e5) / 1e5);
}

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const table = `hnsw_recall_${shape}_${N}${mixed ? "_mixed" : ""}`;
const exists = (await client.query(`select to_regclass($1) as t`, [table])).rows[0].t !== null;
if (!exists) {
  await client.query(`create table ${table} (id int primary key, e vector(${DIMS}))`);
  const t0 = performance.now();
  for (let i = 0; i < N; i += 200) {
    const values: string[] = [];
    for (let j = i; j < Math.min(N, i + 200); j++) values.push(`(${j}, '[${embed(textOf(j)).join(",")}]')`);
    await client.query(`insert into ${table} values ${values.join(",")}`);
  }
  console.log(`${shape}: loaded ${N} vectors in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  await client.query(`vacuum analyze ${table}`);
}
const qv = queries.map((q) => `[${embed(q).join(",")}]`);
// Exact neighbours once (a sequential scan per query).
const truth: Set<number>[] = [];
await client.query("begin");
await client.query("set local enable_indexscan = off");
for (const v of qv)
  truth.push(
    new Set((await client.query(`select id from ${table} order by e <=> $1 limit 10`, [v])).rows.map((r) => r.id)),
  );
await client.query("commit");
const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
for (const [m, efc] of builds) {
  await client.query(`drop index if exists ${table}_hnsw`);
  const t0 = performance.now();
  await client.query("set maintenance_work_mem = '1GB'");
  await client.query(
    `create index ${table}_hnsw on ${table} using hnsw (e vector_cosine_ops) with (m = ${m}, ef_construction = ${efc})`,
  );
  const build = (performance.now() - t0) / 1000;
  const size = (await client.query(`select pg_size_pretty(pg_relation_size('${table}_hnsw')) as s`)).rows[0].s;
  console.log(
    `${shape} ${N}: HNSW m ${m} ef_construction ${efc} built in ${build.toFixed(0)} s (${size}), load ${load()}`,
  );
  for (const ef of efs) {
    await client.query("begin");
    await client.query(`set local hnsw.ef_search = ${ef}`);
    await client.query("set local enable_seqscan = off");
    let recall = 0;
    const times: number[] = [];
    for (const [i, v] of qv.entries()) {
      const t = performance.now();
      const ids = (await client.query(`select id from ${table} order by e <=> $1 limit 10`, [v])).rows.map((r) => r.id);
      times.push(performance.now() - t);
      recall += ids.filter((id: number) => truth[i]!.has(id)).length / 10;
    }
    await client.query("commit");
    console.log(
      `  ef_search ${ef}: recall@10 ${(recall / qv.length).toFixed(3)}, p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (load ${load()})`,
    );
  }
}
if (!process.env.BENCH_KEEP_TABLE) await client.query(`drop table ${table}`);
await client.end();
