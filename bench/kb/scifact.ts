// Retrieval quality of knowledge-base search on BEIR SciFact (train split): every abstract is one
// knowledge-base file (title + "\n\n" + text) chunked and indexed by the product's own code, every
// claim searched through searchChunks in text, vector and hybrid modes; prints nDCG@10 and recall@100
// (BEIR's convention, binary relevance). Embeddings are the fake provider's deterministic stand-ins.
//   npx tsx bench/kb/scifact.ts [path to scifact]          (DATABASE_URL=… for PostgreSQL)
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { fakeEmbedding } from "../../e2e/support/fake-provider";
import { insertChunks } from "../../src/server/kb/index/chunks";
import { searchChunks } from "../../src/server/kb/index/search";
import type { SearchMode } from "../../src/server/kb/index/types";
import { chunkText } from "./chunker";
import { benchDatabase, benchFiles, benchKb, dbLabel, dropBenchOrg } from "./setup";

const dir = process.argv[2] ?? "/work/shared/data/scifact";
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
let t0 = performance.now();
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
console.log(
  `${dbLabel()}: indexed ${corpus.length} abstracts as ${chunkCount} chunks in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

/** Ranked document ids: a document's rank is its best chunk's. */
async function rankDocs(query: string, mode: SearchMode, embedding: number[] | null) {
  const hits = await searchChunks(orgId, {
    knowledgeBaseIds: [kbId],
    query,
    queryEmbedding: embedding,
    topK: 300,
    mode,
  });
  const docs: string[] = [];
  for (const h of hits) {
    const d = docOfFile.get(h.fileId)!;
    if (!docs.includes(d)) docs.push(d);
  }
  return docs;
}

function ndcg10(ranked: string[], rel: Set<string>) {
  let dcg = 0;
  ranked.slice(0, 10).forEach((d, i) => (dcg += rel.has(d) ? 1 / Math.log2(i + 2) : 0));
  let idcg = 0;
  for (let i = 0; i < Math.min(rel.size, 10); i++) idcg += 1 / Math.log2(i + 2);
  return dcg / idcg;
}
const recall100 = (ranked: string[], rel: Set<string>) =>
  ranked.slice(0, 100).filter((d) => rel.has(d)).length / rel.size;

for (const mode of (process.env.BENCH_MODES ?? "text,vector,hybrid").split(",") as SearchMode[]) {
  t0 = performance.now();
  let n = 0;
  let r = 0;
  for (const q of queries) {
    const ranked = await rankDocs(q.text, mode, mode === "text" ? null : fakeEmbedding(q.text, DIMS));
    n += ndcg10(ranked, qrels.get(q._id)!);
    r += recall100(ranked, qrels.get(q._id)!);
  }
  const ms = (performance.now() - t0) / queries.length;
  console.log(
    `${mode.padEnd(6)} nDCG@10 ${(n / queries.length).toFixed(4)}  recall@100 ${(r / queries.length).toFixed(4)}  (${queries.length} queries, ${ms.toFixed(1)} ms/query)`,
  );
}
await dropBenchOrg(database, orgId);
await database.close();
