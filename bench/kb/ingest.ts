// Ingestion throughput and memory, through the ingestion's own steps (src/server/kb/ingest): a file's
// pages read by readPages (PDFs parsed in the worker thread), written to its content file, read back page
// by page, chunked by chunkText and stored by insertChunks in batches of 256 — everything processFile does
// but the embedding calls, whose time is left out (the stand-in vectors are made outside the timer).
//   npx tsx bench/kb/ingest.ts pdf [pages=500]      pages per second for a generated PDF
//   npx tsx bench/kb/ingest.ts rss [megabytes=250]  peak RSS growth while ingesting a text file that size
//   (DATABASE_URL=… for PostgreSQL; BENCH_NO_INDEX=1 stops after chunking)
import { createWriteStream } from "node:fs";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { once } from "node:events";
import { tmpdir } from "node:os";
import path from "node:path";
import { fakeEmbedding } from "../../e2e/support/fake-provider";
import { readPages } from "../../src/server/kb/ingest/pages";
import { ContentWriter, contentPages } from "../../src/server/kb/ingest/content-file";
import { chunkText } from "../../src/server/kb/ingest/chunk";
import { insertChunks } from "../../src/server/kb/index/chunks";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { benchDatabase, benchFiles, benchKb, dbLabel, dropBenchOrg, scifactAbstracts } from "./setup";

const mode = process.argv[2] ?? "pdf";
const DIMS = 1536;
const BATCH = 256;
const noIndex = !!process.env.BENCH_NO_INDEX;

const abstracts = scifactAbstracts();

const work = await mkdtemp(path.join(tmpdir(), "sb-kb-ingest-bench-"));
const { database, orgId } = await benchDatabase();
const kbId = await benchKb(database, orgId, DIMS);

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);

/** Ingests `file` as processFile would; returns page and chunk counts and the time spent embedding. */
async function ingest(file: string, name: string) {
  const [fileId] = await benchFiles(database, orgId, kbId, [name]);
  const content = path.join(work, "content.txt");
  const writer = new ContentWriter(content);
  let pages = 0;
  try {
    for await (const page of readPages(file, name)) {
      await writer.write(page.pageNumber, page.text);
      pages = page.pageNumber;
    }
  } finally {
    await writer.close();
  }
  let chunks = 0;
  let embedMs = 0;
  let pending: { chunkIndex: number; pageNumber: number; content: string }[] = [];
  const flush = async () => {
    if (noIndex || pending.length === 0) return void (pending = []);
    const t = performance.now();
    const batch = pending.map((c) => ({ ...c, embedding: fakeEmbedding(c.content, DIMS) }));
    embedMs += performance.now() - t;
    pending = [];
    await database.db.transaction((tx) => insertChunks(tx, orgId, kbId, fileId!, batch));
  };
  for await (const page of contentPages(content)) {
    for (const text of chunkText(page.text))
      pending.push({ chunkIndex: chunks++, pageNumber: page.pageNumber, content: text });
    if (pending.length >= BATCH) await flush();
  }
  await flush();
  return { pages, chunks, embedMs };
}

try {
  if (mode === "pdf") {
    const n = Number(process.argv[3] ?? 500);
    // Letter pages of about 3,000 characters (two SciFact abstracts, 10 pt, 95-character lines).
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let i = 0; i < n; i++) {
      const text = `${abstracts[(2 * i) % abstracts.length]} ${abstracts[(2 * i + 1) % abstracts.length]}`
        .replace(/[^\x20-\x7e]/g, " ")
        .slice(0, 3_000)
        .replace(/(.{1,95})(\s|$)/g, "$1\n");
      doc.addPage([612, 792]).drawText(text, { x: 40, y: 750, size: 10, lineHeight: 12, font });
    }
    const pdf = path.join(work, "book.pdf");
    await writeFile(pdf, await doc.save());
    const size = (await stat(pdf)).size;
    const t0 = performance.now();
    const r = await ingest(pdf, "book.pdf");
    const ms = performance.now() - t0 - r.embedMs;
    const chars = (await stat(path.join(work, "content.txt"))).size;
    console.log(
      `${dbLabel()}: ${r.pages}-page PDF (${(size / 1e6).toFixed(1)} MB, ${Math.round(chars / r.pages)} characters a page) → ${r.chunks} chunks in ${(ms / 1000).toFixed(2)} s without embedding${noIndex ? " (not indexed)" : ""}: ${(r.pages / (ms / 1000)).toFixed(1)} pages/s`,
    );
  } else {
    const mb = Number(process.argv[3] ?? 250);
    const file = path.join(work, "big.txt");
    const out = createWriteStream(file);
    let written = 0;
    for (let i = 0; written < mb * 1024 * 1024; i++) {
      const s = `${abstracts[i % abstracts.length]}\n\n`;
      written += Buffer.byteLength(s);
      if (!out.write(s)) await once(out, "drain");
    }
    out.end();
    await once(out, "finish");
    global.gc?.();
    const base = process.memoryUsage().rss;
    peak = base;
    const t0 = performance.now();
    const r = await ingest(file, "big.txt");
    const ms = performance.now() - t0 - r.embedMs;
    console.log(
      `${dbLabel()}: ${mb} MB text file → ${r.pages} pages, ${r.chunks} chunks in ${(ms / 1000).toFixed(1)} s without embedding${noIndex ? " (not indexed)" : ""}; RSS before ${(base / 2 ** 20).toFixed(0)} MB, peak ${(peak / 2 ** 20).toFixed(0)} MB: grew ${((peak - base) / 2 ** 20).toFixed(0)} MB`,
    );
  }
} finally {
  clearInterval(sampler);
  await dropBenchOrg(database, orgId);
  await database.close();
  await rm(work, { recursive: true, force: true });
}
