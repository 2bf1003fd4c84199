// EXPLAIN (ANALYZE, BUFFERS) of the product's hybrid statement (topK 10, after its settings) for SciFact claims
// on a knowledge base a latency run kept (BENCH_KEEP), so a slow figure says which CTE the time goes to.
//   DATABASE_URL=… npx tsx bench/kb/explain.ts <org>:<kb> [claim index] [repeats]
// Prints the plan of the last repeat (the first ones warm the caches); EXPLAIN_TIMING=0 leaves out per-node timing.
// EXPLAIN_LEG=vector|text explains one leg's statement of the two-connection path instead (decision 120).
import { sql } from "drizzle-orm";
import { fakeEmbedding } from "../../e2e/support/fake-provider";
import { HNSW, denseSettings } from "../../src/server/kb/index/dense";
import { HYBRID, hybridSql } from "../../src/server/kb/index/search";
import { textLegSql, vectorLegSql } from "../../src/server/kb/index/parallel-legs";
import { benchDatabase, scifactQueries } from "./setup";

const [orgId, kbId] = (process.argv[2] ?? "").split(":");
if (!orgId || !kbId) throw new Error("usage: explain.ts <org>:<kb> [claim index] [repeats]");
const index = Number(process.argv[3] ?? 0);
const repeats = Number(process.argv[4] ?? 3);
const query = scifactQueries(index + 1)[index]!;
// BENCH_EF=<n>: the statement as it runs with hnsw.ef_search n.
if (process.env.BENCH_EF) HNSW.efSearch = HNSW.efSearchLarge = Number(process.env.BENCH_EF);
const { database } = await benchDatabase(orgId);
const embedding = fakeEmbedding(query, 1536);
const timing = process.env.EXPLAIN_TIMING === "0" ? "off" : "on";
let plan: string[] = [];
for (let r = 0; r < repeats; r++) {
  plan = await database.db.transaction(async (tx) => {
    const dq = { orgId, kbIds: [kbId], embedding, limit: HYBRID.candidates, fileFilter: null };
    const { exact } = await denseSettings(tx, dq);
    const explain = process.env.DATABASE_URL
      ? sql.raw(`explain (analyze, buffers, timing ${timing})`)
      : sql.raw(`explain (analyze, timing ${timing})`);
    const leg = process.env.EXPLAIN_LEG;
    if (leg === "text") await tx.execute(sql`set local enable_sort = on`);
    const statement =
      leg === "vector"
        ? vectorLegSql({ ...dq, query }, exact)
        : leg === "text"
          ? textLegSql({ ...dq, query })
          : hybridSql({ ...dq, query }, exact);
    const result = await tx.execute(sql`${explain} ${statement}`);
    return (result as unknown as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0]!);
  });
}
console.log(`claim ${index}: ${query}`);
console.log(plan.map((l) => (l.length > 240 ? `${l.slice(0, 240)}…` : l)).join("\n"));
await database.close();
