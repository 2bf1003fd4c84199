// hnsw.ef_search against time and recall on a knowledge base a latency run kept (BENCH_KEEP): per SciFact
// claim, the exact neighbours once, then for each ef_search (interleaved claim by claim, so every setting
// sees the same moment's load) the product's vector search and hybrid search (topK 10) timed, and the
// vector leg's recall@10 against exact search.
//   DATABASE_URL=… npx tsx bench/kb/ef-sweep.ts <org>:<kb> [claims] [ef,ef,…]
// A setting written h<ef> (e.g. h300) searches a 1,536-dimension halfvec index, v<ef> a vector one, a bare <ef>
// the engine's own type (decision 128: halfvec on PostgreSQL, vector on PGlite). The bench's database needs the
// other type's index too, e.g. create index kb_chunk_hnsw_1536v_idx on kb_chunk using hnsw
// ((embedding::vector(1536)) vector_cosine_ops) where dims = 1536.
import { readFileSync } from "node:fs";
import { fakeEmbedding } from "../../e2e/support/fake-provider";
import { HNSW, denseSearch } from "../../src/server/kb/index/dense";
import { searchChunks } from "../../src/server/kb/index/search";
import { benchDatabase, percentile, scifactQueries, useIndexType } from "./setup";

const [orgId, kbId] = (process.argv[2] ?? "").split(":");
if (!orgId || !kbId) throw new Error("usage: ef-sweep.ts <org>:<kb> [claims] [ef,ef,…]");
const Q = Number(process.argv[3] ?? 60);
const efs = (process.argv[4] ?? "100,200,400").split(",");
const { database } = await benchDatabase(orgId);
const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const stats = new Map(efs.map((ef) => [ef, { recall: 0, vector: [] as number[], hybrid: [] as number[] }]));
const loadBefore = load();
for (const [i, query] of scifactQueries(Q).entries()) {
  const embedding = fakeEmbedding(query, 1536);
  const dq = { orgId, kbIds: [kbId], embedding, limit: 10, fileFilter: null };
  const truth = new Set((await database.db.transaction((tx) => denseSearch(tx, dq, "exact"))).map((h) => h.chunkId));
  for (const ef of efs) {
    HNSW.efSearch = HNSW.efSearchLarge = Number(ef.replace(/^[hv]/, ""));
    useIndexType(ef.startsWith("h") ? "halfvec" : ef.startsWith("v") ? "vector" : "product");
    const s = stats.get(ef)!;
    const opts = { knowledgeBaseIds: [kbId], query, queryEmbedding: embedding, topK: 10 };
    let t = performance.now();
    const hits = await searchChunks(orgId, { ...opts, mode: "vector" });
    if (i >= 5) s.vector.push(performance.now() - t);
    t = performance.now();
    await searchChunks(orgId, { ...opts, mode: "hybrid" });
    if (i >= 5) s.hybrid.push(performance.now() - t);
    s.recall += hits.filter((h) => truth.has(Number(h.chunkId))).length / Math.max(1, truth.size);
  }
}
for (const [ef, s] of stats)
  console.log(
    `ef_search ${ef}: recall@10 ${(s.recall / Q).toFixed(3)}; vector p50/p95 ${percentile(s.vector, 50).toFixed(1)}/${percentile(s.vector, 95).toFixed(1)} ms; hybrid p50/p95 ${percentile(s.hybrid, 50).toFixed(1)}/${percentile(s.hybrid, 95).toFixed(1)} ms`,
  );
console.log(`${Q} claims (first 5 warm up), load ${loadBefore} before, ${load()} after`);
await database.close();
