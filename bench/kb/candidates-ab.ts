// Hybrid search with two numbers of candidates a leg (HYBRID.candidates), interleaved claim by claim in one
// process (alternating which goes first), on a knowledge base a latency run kept (BENCH_KEEP): time of
// each, and how many of one's top 10 the other returns too.
//   [DATABASE_URL=…|BENCH_PGLITE_DIR=…] npx tsx bench/kb/candidates-ab.ts <org>:<kb> [claims] [a,b]
import { fakeEmbedding } from "../../e2e/support/fake-provider";
import { HYBRID, searchChunks } from "../../src/server/kb/index/search";
import { benchDatabase, dbLabel, percentile, scifactQueries } from "./setup";

const [orgId, kbId] = (process.argv[2] ?? "").split(":");
if (!orgId || !kbId) throw new Error("usage: candidates-ab.ts <org>:<kb> [claims] [a,b]");
const Q = Number(process.argv[3] ?? 100);
const settings = (process.argv[4] ?? "100,40").split(",").map(Number);
const { database } = await benchDatabase(orgId);
const times = new Map(settings.map((n) => [n, [] as number[]]));
let same = 0;
for (const [i, query] of scifactQueries(Q).entries()) {
  const queryEmbedding = fakeEmbedding(query, 1536);
  const order = i % 2 ? [...settings].reverse() : settings;
  const got = new Map<number, string[]>();
  for (const n of order) {
    HYBRID.candidates = n;
    const t = performance.now();
    const hits = await searchChunks(orgId, {
      knowledgeBaseIds: [kbId],
      query,
      queryEmbedding,
      topK: 10,
      mode: "hybrid",
    });
    if (i >= 10) times.get(n)!.push(performance.now() - t); // the first ten warm the caches
    got.set(
      n,
      hits.map((h) => h.chunkId),
    );
  }
  const [a, b] = settings.map((n) => got.get(n)!);
  same += a!.filter((id) => b!.includes(id)).length / Math.max(1, a!.length);
}
for (const [n, ts] of times)
  console.log(
    `${dbLabel()} ${n} candidates a leg: hybrid p50 ${percentile(ts, 50).toFixed(1)} / p95 ${percentile(ts, 95).toFixed(1)} ms`,
  );
console.log(`the same top 10: ${(same / Q).toFixed(3)} (${Q} claims, the first 10 not timed)`);
await database.close();
