import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { fakeEmbedding } from "../../e2e/support/fake-provider";
import { BM25_TOP, bm25Ctes, bm25Top } from "../../src/server/kb/index/bm25";
import { hybridSql } from "../../src/server/kb/index/search";
import { denseSettings } from "../../src/server/kb/index/dense";
import { benchDatabase } from "./setup";
const [org, kb] = process.env.BENCH_REUSE!.split(":");
const { database } = await benchDatabase(org);
const qi = Number(process.env.QI ?? 0);
const query = (
  JSON.parse(readFileSync("/work/shared/data/scifact/queries-train.jsonl", "utf8").split("\n")[qi]!) as { text: string }
).text;
console.log(query);
if (process.env.N) BM25_TOP.postingsPerTerm = Number(process.env.N);
const q = { orgId: org!, kbIds: [kb!], query, limit: 10, fileFilter: null };
const mode = process.env.MODE ?? "text";
const plan = await database.db.transaction(async (tx) => {
  await tx.execute(sql`set local jit = off`);
  if (mode === "text") return tx.execute(sql`explain (analyze, buffers) with ${bm25Ctes(q)} ${bm25Top(q)}`);
  const dq = { orgId: org!, kbIds: [kb!], embedding: fakeEmbedding(query, 1536), limit: 100, fileFilter: null };
  const { exact } = await denseSettings(tx, dq);
  return tx.execute(sql`explain (analyze, buffers) ${hybridSql({ ...dq, query }, exact)}`);
});
console.log((plan as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join("\n"));
await database.close();
