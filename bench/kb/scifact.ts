// Retrieval quality of knowledge-base search on BEIR SciFact (train split): every abstract is one
// knowledge-base file (title + "\n\n" + text) chunked and indexed by the product's own code, every
// claim searched through searchChunks in text, vector and hybrid modes; prints nDCG@10 and recall@100
// (BEIR's convention, binary relevance). Embeddings are the fake provider's deterministic stand-ins.
//   npx tsx bench/kb/scifact.ts [path to scifact]          (DATABASE_URL=… for PostgreSQL)
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { fakeEmbedding } from "../../e2e/support/fake-provider";
import { insertChunks } from "../../src/server/kb/index/chunks";
import { FUSION, fuse, hybridCandidates, searchChunks } from "../../src/server/kb/index/search";
import { BM25_TOP } from "../../src/server/kb/index/bm25";
import { sql } from "drizzle-orm";
import { chunkText } from "./chunker";
import { SCIFACT_DIR, benchDatabase, benchFiles, benchKb, dbLabel, dropBenchOrg, hnswIndexSql } from "./setup";

const dir = process.argv[2] ?? SCIFACT_DIR;
const DIMS = 1536;
const limitQueries = Number(process.env.BENCH_QUERIES ?? 0);

const corpus = gunzipSync(readFileSync(`${dir}/corpus.jsonl.gz`))
  .toString("utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => JSON.parse(l) as { _id: string; title: string; text: string });
let queries = readFileSync(`${dir}/queries-train.jsonl`, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => JSON.parse(l) as { _id: string; text: string });
const qrels = new Map<string, Set<string>>();
for (const line of readFileSync(`${dir}/qrels-train.tsv`, "utf8").split("\n").slice(1)) {
  const [q, d] = line.trim().split("\t");
  if (!q || !d) continue;
  if (!qrels.has(q)) qrels.set(q, new Set());
  qrels.get(q)!.add(d);
}
queries = queries.filter((q) => qrels.has(q._id));
if (limitQueries) queries = queries.slice(0, limitQueries);

const { database, orgId } = await benchDatabase();
const kbId = await benchKb(database, orgId, DIMS);
const fileIds = await benchFiles(
  database,
  orgId,
  kbId,
  corpus.map((d) => `${d._id}.txt`),
);
const docOfFile = new Map(corpus.map((d, i) => [fileIds[i]!, d._id]));
// Bulk load: insert, then build the HNSW index (as an operator would for a large import).
await database.db.execute(sql`drop index if exists kb_chunk_hnsw_1536_idx`);
const t0 = performance.now();
let chunkCount = 0;
for (let i = 0; i < corpus.length; i += 100) {
  await database.db.transaction(async (tx) => {
    for (const [j, doc] of corpus.slice(i, i + 100).entries()) {
      const fileId = fileIds[i + j]!;
      const chunks = chunkText(`${doc.title}\n\n${doc.text}`).map((c, chunkIndex) => ({
        chunkIndex,
        pageNumber: c.pageNumber,
        content: c.content,
        embedding: fakeEmbedding(c.content, DIMS),
      }));
      chunkCount += chunks.length;
      await insertChunks(tx, orgId, kbId, fileId, chunks);
    }
  });
}
const tIndex = performance.now();
await database.db.execute(hnswIndexSql());
console.log(`HNSW index built in ${((performance.now() - tIndex) / 1000).toFixed(1)} s`);
console.log(
  `${dbLabel()}: indexed ${corpus.length} abstracts as ${chunkCount} chunks in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

function ndcg10(ranked: string[], rel: Set<string>) {
  let dcg = 0;
  ranked.slice(0, 10).forEach((d, i) => (dcg += rel.has(d) ? 1 / Math.log2(i + 2) : 0));
  let idcg = 0;
  for (let i = 0; i < Math.min(rel.size, 10); i++) idcg += 1 / Math.log2(i + 2);
  return dcg / idcg;
}
const recall100 = (ranked: string[], rel: Set<string>) =>
  ranked.slice(0, 100).filter((d) => rel.has(d)).length / rel.size;

const docsOf = (chunkIds: number[], fileOfChunk: Map<number, string>) => {
  const docs: string[] = [];
  for (const id of chunkIds) {
    const d = docOfFile.get(fileOfChunk.get(id) ?? "");
    if (d && !docs.includes(d)) docs.push(d);
  }
  return docs;
};
const weights = (process.env.BENCH_VECTOR_WEIGHTS ?? "0.1,0.2,0.3,0.5,0.7").split(",").map(Number);
const totals = new Map<string, { n: number; r: number }>();
const add = (label: string, chunkIds: number[], fileOfChunk: Map<number, string>, rel: Set<string>) => {
  const ranked = docsOf(chunkIds, fileOfChunk);
  const t = totals.get(label) ?? { n: 0, r: 0 };
  t.n += ndcg10(ranked, rel);
  t.r += recall100(ranked, rel);
  totals.set(label, t);
};
/** Reciprocal rank fusion (k 60) of the two lists, weighted: what hybrid mode did before decision 095. */
const rrf = (lists: { ids: number[]; weight: number }[]) => {
  const score = new Map<number, number>();
  for (const { ids, weight } of lists) ids.forEach((id, i) => score.set(id, (score.get(id) ?? 0) + weight / (61 + i)));
  return [...score.keys()].sort((a, b) => score.get(b)! - score.get(a)! || a - b);
};
const times = { text: 0, vector: 0, hybrid: 0, hybrid10: 0 };
const candidateCounts = (process.env.BENCH_CANDIDATES ?? "20,40,100").split(",").map(Number);
const shippedPostings = BM25_TOP.postingsPerTerm;
const shippedMinChunks = BM25_TOP.minChunks;
const postingCounts = (process.env.BENCH_POSTINGS ?? "0,100,200,500,1000").split(",").map(Number);
const ids = (hits: { chunkId: string }[]) => hits.map((h) => Number(h.chunkId));
for (const q of queries) {
  const rel = qrels.get(q._id)!;
  const embedding = fakeEmbedding(q.text, DIMS);
  const base = { knowledgeBaseIds: [kbId], query: q.text, topK: 300 };
  let t = performance.now();
  const text = await searchChunks(orgId, { ...base, queryEmbedding: null, mode: "text" });
  times.text += performance.now() - t;
  t = performance.now();
  const vector = await searchChunks(orgId, { ...base, queryEmbedding: embedding, mode: "vector" });
  times.vector += performance.now() - t;
  t = performance.now();
  const hybrid = await searchChunks(orgId, { ...base, queryEmbedding: embedding, mode: "hybrid" });
  times.hybrid += performance.now() - t;
  const fileOfChunk = new Map([...text, ...vector, ...hybrid].map((h) => [Number(h.chunkId), h.fileId]));
  add("text", ids(text), fileOfChunk, rel);
  add("vector", ids(vector), fileOfChunk, rel);
  add(`hybrid (as shipped, vectorWeight ${FUSION.vectorWeight})`, ids(hybrid), fileOfChunk, rel);
  // The same candidates (both legs' 300 best, each scored by both legs) fused with other weights.
  const candidates = await database.db.transaction((tx) =>
    hybridCandidates(tx, { orgId, kbIds: [kbId], query: q.text, embedding, limit: 300, filter: null }),
  );
  // Fewer candidates a leg (what a small topK would hand the fusion): the first n of each leg's list.
  for (const n of candidateCounts)
    add(
      `  ${n} candidates a leg (nDCG@10 only)`,
      fuse(candidates.filter((c) => (c.textRank ?? n) < n || (c.vectorRank ?? n) < n)).map((f) => f.chunkId),
      fileOfChunk,
      rel,
    );
  // As a tool call runs it: topK 10, with the candidates the product takes for it.
  t = performance.now();
  const top10 = await searchChunks(orgId, { ...base, topK: 10, queryEmbedding: embedding, mode: "hybrid" });
  times.hybrid10 += performance.now() - t;
  for (const h of top10) fileOfChunk.set(Number(h.chunkId), h.fileId);
  add(`hybrid topK 10 (nDCG@10 only)`, ids(top10), fileOfChunk, rel);
  // Early termination (decision 110): at most n postings a query term (max(n, limit) as the product reads
  // them), topK 10 as a tool call asks; 0 reads every posting.
  for (const n of postingCounts) {
    BM25_TOP.postingsPerTerm = n;
    BM25_TOP.minChunks = 0; // SciFact's 11,163 chunks are under the size the product starts cutting at

    const base10 = { ...base, topK: 10 };
    const t10 = await searchChunks(orgId, { ...base10, queryEmbedding: null, mode: "text" });
    const h10 = await searchChunks(orgId, { ...base10, queryEmbedding: embedding, mode: "hybrid" });
    for (const h of [...t10, ...h10]) fileOfChunk.set(Number(h.chunkId), h.fileId);
    add(`  text topK 10, ${n || "all"} postings a term`, ids(t10), fileOfChunk, rel);
    add(`  hybrid topK 10, ${n || "all"} postings a term`, ids(h10), fileOfChunk, rel);
    BM25_TOP.postingsPerTerm = shippedPostings;
    BM25_TOP.minChunks = shippedMinChunks;
  }
  for (const w of weights)
    add(
      `  fuse(vectorWeight ${w})`,
      fuse(candidates, w).map((f) => f.chunkId),
      fileOfChunk,
      rel,
    );
  // Before decision 095: weighted reciprocal rank fusion of the two lists.
  for (const w of [0.5, 1])
    add(
      `  RRF (k 60, vector weight ${w})`,
      rrf([
        { ids: ids(text), weight: 1 },
        { ids: ids(vector), weight: w },
      ]),
      fileOfChunk,
      rel,
    );
}
for (const [label, t] of totals)
  console.log(
    `${label.padEnd(40)} nDCG@10 ${(t.n / queries.length).toFixed(4)}  recall@100 ${(t.r / queries.length).toFixed(4)}`,
  );
console.log(
  `ms/query (${queries.length} queries, machine shared): text ${(times.text / queries.length).toFixed(1)}, vector ${(times.vector / queries.length).toFixed(1)}, hybrid ${(times.hybrid / queries.length).toFixed(1)}, hybrid topK 10 ${(times.hybrid10 / queries.length).toFixed(1)}`,
);
await dropBenchOrg(database, orgId);
await database.close();
