// Hybrid search latency at scale: N chunks of 1,536 dimensions in one knowledge base (SciFact abstract
// chunks, cycled; each embedding made distinct by a per-chunk token), bulk loaded (insert, then build
// the HNSW index), then hybrid searches with topK 10: p50/p95, and the vector leg's recall@10 against
// exact search (the same query with index scans off). Each leg alone (text, vector) is timed too, and
// the vector leg's plan is printed once, so a slow hybrid figure says where its time goes.
//   npx tsx bench/kb/latency.ts 10000 [queries]            (DATABASE_URL=… for PostgreSQL)
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { fakeEmbedding } from "../../e2e/support/fake-provider";
import { insertChunks } from "../../src/server/kb/index/chunks";
import { EXACT_MAX_CHUNKS, HNSW, denseSearch, denseSql, indexSettings } from "../../src/server/kb/index/dense";
import { vacuumIndexTables } from "../../src/server/kb/index/maintenance";
import { rollUp } from "../../src/server/kb/index/rollup";
import { HYBRID, searchChunks } from "../../src/server/kb/index/search";
import { ONE_MESSAGE } from "../../src/server/kb/index/one-message";
import { PREPARED } from "../../src/server/kb/index/prepared";
import { BM25_TOP } from "../../src/server/kb/index/bm25";
import { chunkText } from "./chunker";
import {
  benchDatabase,
  benchFiles,
  benchKb,
  dbLabel,
  dropBenchOrg,
  hnswIndexSql,
  percentile,
  scifactAbstracts,
  scifactQueries,
  useIndexType,
} from "./setup";

const N = Number(process.argv[2] ?? 10_000);
// BENCH_EF=<n> searches the graph wider than the product's HNSW.efSearch (recall against time).
if (process.env.BENCH_EF) HNSW.efSearch = HNSW.efSearchLarge = Number(process.env.BENCH_EF);
// BENCH_POSTINGS=<n> reads at most n postings a query term (decision 110; 0: all of them); BENCH_AB_POSTINGS=<m>
// also times hybrid and text with m, interleaved query by query with the first setting (an A/B at one moment).
if (process.env.BENCH_POSTINGS) BM25_TOP.postingsPerTerm = Number(process.env.BENCH_POSTINGS);
// BENCH_MIN_CHUNKS=<n>: cut postings from collections over n chunks (the product's BM25_TOP.minChunks).
if (process.env.BENCH_MIN_CHUNKS) BM25_TOP.minChunks = Number(process.env.BENCH_MIN_CHUNKS);
// BENCH_CANDIDATES=<n>: candidates a leg hands to the hybrid fusion (the product's HYBRID.candidates).
if (process.env.BENCH_CANDIDATES) HYBRID.candidates = Number(process.env.BENCH_CANDIDATES);
// BENCH_LEGS=tx runs PostgreSQL's searches as transactions instead of one message a leg (decision 129).
if (process.env.BENCH_LEGS === "tx") ONE_MESSAGE.enabled = false;
// BENCH_PREPARED=0 plans the search's statements at every search instead of once a connection (decision 133).
if (process.env.BENCH_PREPARED === "0") PREPARED.enabled = false;
// BENCH_HALFVEC=1|0 loads and searches a 1,536-dimension halfvec|vector index on either engine instead of the
// engine's own type (decision 128: halfvec on PostgreSQL, vector on PGlite); a reused database needs that index.
if (process.env.BENCH_HALFVEC) useIndexType(process.env.BENCH_HALFVEC === "0" ? "vector" : "halfvec");
const abPostings = process.env.BENCH_AB_POSTINGS === undefined ? null : Number(process.env.BENCH_AB_POSTINGS);
const Q = Number(process.argv[3] ?? 200);
const DIMS = 1536;
const PER_FILE = 100;
const texts = scifactAbstracts().flatMap((a) => chunkText(a).map((c) => c.content));
// BENCH_TEXTS=mixed: N distinct texts (the first half of one SciFact chunk and the second half of another, as
// hnsw-recall.ts's TEXTS=mixed) instead of ~11,000 cycled: at 100k, cycling repeats each text ~9 times, whose
// near-duplicate vectors make the graph's recall an artefact of the bench (decision 110).
const mixed = process.env.BENCH_TEXTS === "mixed";
const textOf = (i: number) => {
  const a = texts[i % texts.length]!;
  if (!mixed) return a;
  const b = texts[(Math.floor(i / texts.length) * 7919 + i * 31 + 1) % texts.length]!;
  return `${a.slice(0, a.length >> 1)} ${b.slice(b.length >> 1)}`;
};
const queries = scifactQueries(Q);

// BENCH_REUSE=<org>:<kb> searches a knowledge base an earlier run kept (BENCH_KEEP) instead of loading one.
const reuse = process.env.BENCH_REUSE?.split(":");
const { database, orgId } = await benchDatabase(reuse?.[0]);
const kbId = reuse?.[1] ?? (await load());
// A kept load from before decision 135 has no df rollup yet: made as the worker makes it after an upgrade.
if (reuse) console.log(`df rollup: ${await rollUp(orgId, kbId)} files taken in`);

async function load(): Promise<string> {
  const kb = await benchKb(database, orgId, DIMS);
  const files = await benchFiles(
    database,
    orgId,
    kb,
    Array.from({ length: Math.ceil(N / PER_FILE) }, (_, i) => `f${i}.txt`),
  );
  await database.db.execute(sql`drop index if exists kb_chunk_hnsw_1536_idx`);
  let t0 = performance.now();
  for (let f = 0; f < files.length; f++) {
    const chunks = Array.from({ length: Math.min(PER_FILE, N - f * PER_FILE) }, (_, j) => {
      const i = f * PER_FILE + j;
      const content = textOf(i);
      return { chunkIndex: j, pageNumber: null, content, embedding: fakeEmbedding(`${content} chunk${i}`, DIMS) };
    });
    await database.db.transaction((tx) => insertChunks(tx, orgId, kb, files[f]!, chunks));
    if (f % 100 === 99)
      console.log(`  ${(f + 1) * PER_FILE} chunks, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  console.log(`${dbLabel()}: inserted ${N} chunks in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // The df rollup the ingestion worker makes after each file (decision 135), here once for every file.
  t0 = performance.now();
  const rolled = await rollUp(orgId, kb);
  console.log(`df rollup of ${rolled} files in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  t0 = performance.now();
  // The graph of 100,000 vectors of 1,536 dimensions is ~700 MB: built in memory, it takes minutes, not an hour.
  await database.db.transaction(async (tx) => {
    // BENCH_MWM sets it on PGlite too (its WebAssembly heap must hold it beside the buffers).
    const mwm = process.env.BENCH_MWM ?? (process.env.DATABASE_URL ? "1GB" : null);
    if (mwm) await tx.execute(sql.raw(`set local maintenance_work_mem = '${mwm}'`));
    await tx.execute(hnswIndexSql());
  });
  // As autovacuum leaves a table that has settled: statistics, and the visibility map that lets BM25 read
  // the postings from their index alone (without it, every posting's heap page is visited too). PGlite
  // runs no autovacuum: there, the vacuum the ingestion worker runs after each file (decision 105).
  if (process.env.DATABASE_URL)
    for (const table of [
      "kb_chunk",
      "kb_posting",
      "kb_file_index_stat",
      "kb_file_term",
      "kb_term_rollup",
      "kb_index_rollup",
    ])
      await database.db.execute(sql.raw(`vacuum analyze ${table}`));
  else await vacuumIndexTables();
  console.log(`HNSW index built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return kb;
}

// CPU per hybrid search, which survives a loaded machine better than latency: the PostgreSQL backends' (this
// database's connections, from /proc/<pid>/stat) and this process's. BENCH_RECALL=0 skips the exact searches
// (a sequential scan of every vector per query: most of a 100k run's time).
const withRecall = process.env.BENCH_RECALL !== "0";
const TICK_MS = 10; // USER_HZ 100
const backendTicks = async () => {
  if (!process.env.DATABASE_URL) return 0;
  const pids = (
    (await database.db.execute(
      sql`select pid from pg_stat_activity where datname = current_database()`,
    )) as unknown as { rows: { pid: number }[] }
  ).rows.map((r) => r.pid);
  let ticks = 0;
  for (const pid of pids) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // a connection that just ended
    }
  }
  return ticks;
};
const cpu = { server: 0, node: 0 };
const loadAt = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const loadBefore = loadAt();
const times: number[] = [];
const legTimes = { text: [] as number[], vector: [] as number[] };
const abTimes = { hybrid: [] as number[], text: [] as number[] };
const abOverlap = { hybrid: 0, text: 0 };
let recall = 0;
for (const [i, query] of queries.entries()) {
  const embedding = fakeEmbedding(query, DIMS);
  const ticks0 = i >= 10 ? await backendTicks() : 0;
  const node0 = process.cpuUsage();
  const t = performance.now();
  await searchChunks(orgId, { knowledgeBaseIds: [kbId], query, queryEmbedding: embedding, topK: 10, mode: "hybrid" });
  if (i >= 10) {
    times.push(performance.now() - t); // the first ten warm the caches
    const node = process.cpuUsage(node0);
    cpu.node += (node.user + node.system) / 1000;
    cpu.server += ((await backendTicks()) - ticks0) * TICK_MS;
  }
  for (const mode of ["text", "vector"] as const) {
    const tl = performance.now();
    await searchChunks(orgId, { knowledgeBaseIds: [kbId], query, queryEmbedding: embedding, topK: 10, mode });
    if (i >= 10) legTimes[mode].push(performance.now() - tl);
  }
  if (abPostings !== null) {
    const shipped = BM25_TOP.postingsPerTerm;
    BM25_TOP.postingsPerTerm = abPostings;
    const got: Record<string, string[]> = {};
    for (const mode of ["hybrid", "text"] as const) {
      const tl = performance.now();
      const hits = await searchChunks(orgId, {
        knowledgeBaseIds: [kbId],
        query,
        queryEmbedding: embedding,
        topK: 10,
        mode,
      });
      if (i >= 10) abTimes[mode].push(performance.now() - tl);
      got[mode] = hits.map((h) => h.content);
    }
    BM25_TOP.postingsPerTerm = shipped;
    // How many of the other setting's 10 results this one returns too, by text (the corpus repeats its
    // texts, so equal-scoring copies of one text are interchangeable).
    for (const mode of ["hybrid", "text"] as const) {
      const mine = (
        await searchChunks(orgId, { knowledgeBaseIds: [kbId], query, queryEmbedding: embedding, topK: 10, mode })
      ).map((h) => h.content);
      const left = [...mine];
      let same = 0;
      for (const t of got[mode]!) {
        const k = left.indexOf(t);
        if (k < 0) continue;
        same++;
        left.splice(k, 1);
      }
      abOverlap[mode] += same / Math.max(1, got[mode]!.length);
    }
  }
}
// Recall after the timed searches: an exact search reads every vector of the collection, which would push
// the index's pages out of the buffer pool before the next claim's timed search (no product search reads
// every vector of a collection this large).
for (const query of withRecall ? queries : []) {
  const embedding = fakeEmbedding(query, DIMS);
  const approx = await database.db.transaction((tx) =>
    denseSearch(tx, { orgId, kbIds: [kbId], embedding, limit: 10, fileFilter: null }),
  );
  const exact = await database.db.transaction((tx) =>
    denseSearch(tx, { orgId, kbIds: [kbId], embedding, limit: 10, fileFilter: null }, "exact"),
  );
  const truth = new Set(exact.map((h) => h.chunkId));
  recall += approx.filter((h) => truth.has(h.chunkId)).length / Math.max(1, truth.size);
}
console.log(
  `${dbLabel()} ${N} chunks × ${DIMS} dims, hybrid topK 10 over ${times.length} queries (ef_search ${N > HNSW.largeChunks ? HNSW.efSearchLarge : HNSW.efSearch}, ${BM25_TOP.postingsPerTerm || "all"} postings a term): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms; vector leg recall@10 vs exact ${withRecall ? (recall / queries.length).toFixed(3) : "not measured"}`,
);
console.log(
  `  CPU per hybrid search: server ${(cpu.server / times.length).toFixed(1)} ms, node ${(cpu.node / times.length).toFixed(1)} ms; load ${loadBefore} before, ${loadAt()} after`,
);
console.log(
  `  legs alone: text p50 ${percentile(legTimes.text, 50).toFixed(1)} / p95 ${percentile(legTimes.text, 95).toFixed(1)} ms; vector p50 ${percentile(legTimes.vector, 50).toFixed(1)} / p95 ${percentile(legTimes.vector, 95).toFixed(1)} ms`,
);
if (abPostings !== null)
  console.log(
    `  A/B, interleaved: ${BM25_TOP.postingsPerTerm} postings a term (above) against ${abPostings}: hybrid p50 ${percentile(abTimes.hybrid, 50).toFixed(1)} / p95 ${percentile(abTimes.hybrid, 95).toFixed(1)} ms; text p50 ${percentile(abTimes.text, 50).toFixed(1)} / p95 ${percentile(abTimes.text, 95).toFixed(1)} ms; the same top 10 (by text): hybrid ${(abOverlap.hybrid / queries.length).toFixed(3)}, text ${(abOverlap.text / queries.length).toFixed(3)}`,
  );
// The vector leg's plan as the product runs it at this size (same statement, same settings), after all searches.
const plan = await database.db.transaction(async (tx) => {
  if (N > EXACT_MAX_CHUNKS) await indexSettings(tx, 10);
  const embedding = fakeEmbedding(queries[0]!, DIMS);
  const explain = process.env.DATABASE_URL ? sql`explain (analyze, buffers)` : sql`explain analyze`;
  return tx.execute(
    sql`${explain} ${denseSql({ orgId, kbIds: [kbId], embedding, limit: 10, fileFilter: null }, N <= EXACT_MAX_CHUNKS)}`,
  );
});
const planText = (plan as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]);
console.log(
  `  vector leg plan: ${planText.some((l) => /hnsw/i.test(l)) ? "HNSW index scan" : planText.some((l) => /Seq Scan/.test(l)) ? "sequential scan" : "other"}`,
);
if (process.env.BENCH_PLAN) console.log(planText.join("\n"));
// A reused knowledge base is never dropped: an A/B's second run would search an emptied one.
if (process.env.BENCH_KEEP || reuse) {
  console.log(`kept: org ${orgId}, knowledge base ${kbId}`);
  process.exit(0);
}
await dropBenchOrg(database, orgId);
await database.close();
