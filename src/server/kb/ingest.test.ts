import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startFakeProvider, type FakeProvider } from "../../../e2e/support/fake-provider";
import { getTestContext, type TestContext } from "../test/context";
import { call } from "../test/http";
import { connectOpenAI } from "../test/seed";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";
import { makeDoc, makeDocx, makePdf, makeWorkbook, PNG_1X1 } from "../files/test-documents";
import { db } from "../db/client";
import { blobStore } from "../storage/store";
import { addKbFile, createKb, getKbFile } from "./test-support";
import { processPendingFiles } from "./ingest/worker";
import { drainBlobDeletions } from "./blob-deletions";
import { NO_VISION } from "./ingest/caption";

let ctx: TestContext;
let f: TenancyFixture;
let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
  process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
  await connectOpenAI(ctx.app, f.a.admin, f.a.id);
}, 240_000);
afterAll(async () => fake?.close());

const run = () => processPendingFiles(f.a.id, { embed: { retryBaseMs: 5 } });
const rows = async <T>(q: ReturnType<typeof sql>) => (await db().execute(q)) as unknown as { rows: T[] };
const chunksOf = async (fileId: string) =>
  (
    await rows<{ page_number: number | null; content: string }>(
      sql`select page_number, content from kb_chunk where organization_id = ${f.a.id} and file_id = ${fileId}::uuid order by chunk_index`,
    )
  ).rows;

describe("knowledge-base ingestion", () => {
  it("[KB-45] each accepted format is extracted, chunked, embedded and indexed (pending → indexed)", async () => {
    const kb = await createKb(ctx.app, f.a.admin, f.a.id, { name: "Formats" });
    const docs: Array<[string, string, Uint8Array | string, string]> = [
      ["notes.txt", "text/plain", "plain text about walruses", "walruses"],
      ["readme.md", "text/markdown", "# Title\nmarkdown about otters", "otters"],
      ["data.csv", "text/csv", "animal,count\nbadger,3", "badger"],
      ["data.json", "application/json", '{"animal":"heron"}', "heron"],
      ["conf.yaml", "application/yaml", "animal: lynx\n", "lynx"],
      ["feed.xml", "application/xml", "<a><b>ibis</b></a>", "ibis"],
      ["page.html", "text/html", "<html><body><p>pelican</p><script>x()</script></body></html>", "pelican"],
      ["report.pdf", "application/pdf", await makePdf(["first page falcon", "second page osprey"]), "osprey"],
      [
        "memo.docx",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        await makeDocx(["docx wombat"]),
        "wombat",
      ],
      [
        "sheet.xlsx",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        makeWorkbook("xlsx", { S: [["koala"]] }),
        "koala",
      ],
      ["old.xls", "application/vnd.ms-excel", makeWorkbook("xls", { S: [["dingo"]] }), "dingo"],
      ["old.doc", "application/msword", makeDoc("legacy doc emu"), "emu"],
    ];
    const added = [];
    for (const [name, type, bytes] of docs)
      added.push(await addKbFile(ctx.app, f.a.member, f.a.id, kb.id, { name, type, bytes }));
    fake.reset();
    await run();
    for (const [i, [name, , , word]] of docs.entries()) {
      const file = await getKbFile(ctx.app, f.a.member, f.a.id, kb.id, added[i]!.id);
      expect(file.processingStatus, `${name}: ${file.processingError}`).toBe("indexed");
      expect(file.processingError).toBeNull();
      expect(file.chunkCount, name).toBeGreaterThan(0);
      const chunks = await chunksOf(file.id);
      expect(chunks.map((c) => c.content).join(" "), name).toContain(word);
    }
    // The PDF keeps its page numbers.
    const pdf = await chunksOf(added[7]!.id);
    expect(pdf.map((c) => [c.page_number, c.content])).toEqual([
      [1, "first page falcon"],
      [2, "second page osprey"],
    ]);
    // Embeddings went to OpenAI's real endpoint, in its wire format.
    const embeds = fake.requests.filter((r) => r.path === "/v1/embeddings");
    expect(embeds.length).toBeGreaterThan(0);
    expect(embeds[0]!.body.model).toBe("text-embedding-3-small");
    expect(Array.isArray(embeds[0]!.body.input)).toBe(true);
    const kbNow = await call(ctx.app, "GET", `/api/kb/manage?orgId=${f.a.id}&id=${kb.id}`, { token: f.a.admin.token });
    expect(kbNow.body.knowledgeBase).toMatchObject({ status: "ready", fileCount: docs.length });
  });

  it("long text is chunked with overlap and stays within its pages", async () => {
    const kb = await createKb(ctx.app, f.a.admin, f.a.id, { name: "Long" });
    const sentences = Array.from({ length: 400 }, (_, i) => `Sentence number ${i} talks about topic ${i % 7}.`);
    const file = await addKbFile(ctx.app, f.a.member, f.a.id, kb.id, {
      name: "long.txt",
      type: "text/plain",
      bytes: sentences.join(" "),
    });
    await run();
    const chunks = await chunksOf(file.id);
    expect(chunks.length).toBeGreaterThan(5);
    for (let i = 1; i < chunks.length; i++) {
      const tail = chunks[i - 1]!.content.slice(-60);
      const overlaps = chunks[i]!.content.includes(tail.slice(tail.indexOf(" ") + 1, tail.indexOf(" ") + 20));
      if (chunks[i]!.page_number === chunks[i - 1]!.page_number) expect(overlaps, `chunk ${i}`).toBe(true);
    }
    expect(new Set(chunks.map((c) => c.page_number)).size).toBeGreaterThan(1);
  });

  it("[KB-42][API-43] a provider failure fails the file with a reason; Retry Processing indexes it", async () => {
    const kb = await createKb(ctx.app, f.a.admin, f.a.id, { name: "Flaky" });
    const file = await addKbFile(ctx.app, f.a.member, f.a.id, kb.id, {
      name: "f.txt",
      type: "text/plain",
      bytes: "flaky",
    });
    fake.failEmbeddings(500, 500, 500, 500, 500, 500);
    await run();
    const failed = await getKbFile(ctx.app, f.a.member, f.a.id, kb.id, file.id);
    expect(failed.processingStatus).toBe("failed");
    expect(failed.processingError).toMatch(/model provider refused the request \(HTTP 500\)/);
    expect(failed.processingError).not.toMatch(/sk-test/);
    const retry = await call(ctx.app, "POST", `/api/kb/process?orgId=${f.a.id}`, {
      token: f.a.member.token,
      body: { knowledgeBaseId: kb.id, fileId: file.id },
    });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ success: true, file: { processingStatus: "pending", processingError: null } });
    fake.failEmbeddings(429, 503); // retried with backoff within one attempt
    await run();
    expect((await getKbFile(ctx.app, f.a.member, f.a.id, kb.id, file.id)).processingStatus).toBe("indexed");
  });

  it("an image without a vision extraction model is stored unindexed with the reason", async () => {
    const kb = await createKb(ctx.app, f.a.admin, f.a.id, { name: "Pictures" });
    const file = await addKbFile(ctx.app, f.a.member, f.a.id, kb.id, {
      name: "dot.png",
      type: "image/png",
      bytes: PNG_1X1,
    });
    await run();
    const stored = await getKbFile(ctx.app, f.a.member, f.a.id, kb.id, file.id);
    expect(stored).toMatchObject({ processingStatus: "completed", processingError: NO_VISION, chunkCount: 0 });
    expect(await blobStore().exists(stored.fileKey)).toBe(true);
  });

  it("an image is captioned by a vision extraction model and indexed", async () => {
    const kb = await createKb(ctx.app, f.a.admin, f.a.id, { name: "Captioned", extractionModel: "openai:gpt-4o-mini" });
    const file = await addKbFile(ctx.app, f.a.member, f.a.id, kb.id, {
      name: "dot.png",
      type: "image/png",
      bytes: PNG_1X1,
    });
    fake.enqueue({ text: "A single transparent pixel." });
    await run();
    const stored = await getKbFile(ctx.app, f.a.member, f.a.id, kb.id, file.id);
    expect(stored.processingStatus).toBe("indexed");
    expect((await chunksOf(file.id))[0]!.content).toContain("A single transparent pixel.");
  });

  it("a file with no text fails with a reason", async () => {
    const kb = await createKb(ctx.app, f.a.admin, f.a.id, { name: "Empty" });
    const file = await addKbFile(ctx.app, f.a.member, f.a.id, kb.id, {
      name: "blank.pdf",
      type: "application/pdf",
      bytes: await makePdf([""]),
    });
    await run();
    const stored = await getKbFile(ctx.app, f.a.member, f.a.id, kb.id, file.id);
    expect(stored.processingStatus).toBe("failed");
    expect(stored.processingError).toMatch(/No text could be found/);
  });

  it("extraction: the schema's data is extracted with the page of each value, and a review replaces it", async () => {
    const schema = { type: "object", properties: { title: { type: "string" }, total: { type: "number" } } };
    const kb = await createKb(ctx.app, f.a.admin, f.a.id, {
      name: "Invoices",
      extractionModel: "openai:gpt-4.1-mini",
      extractionSchema: schema,
    });
    const file = await addKbFile(ctx.app, f.a.member, f.a.id, kb.id, {
      name: "invoice.pdf",
      type: "application/pdf",
      bytes: await makePdf(["Invoice ACME", "Total due 120"]),
    });
    fake.reset();
    fake.enqueue({
      text: JSON.stringify({
        data: { title: "Invoice ACME", total: 120 },
        sources: [
          { field: "title", page: 1 },
          { field: "total", page: 2 },
        ],
      }),
    });
    await run();
    const stored = await getKbFile(ctx.app, f.a.member, f.a.id, kb.id, file.id);
    expect(stored.processingStatus).toBe("indexed");
    expect(stored.extractedData).toEqual({ title: "Invoice ACME", total: 120 });
    expect(stored.extractedDataPages).toEqual({ title: 1, total: 2 });
    const call0 = fake.requests.find((r) => r.path === "/v1/chat/completions")!;
    expect(call0.body.response_format.type).toBe("json_schema");
    expect(JSON.stringify(call0.body.messages)).toContain("[Page 2]");
  });

  // PostgreSQL's autovacuum does this there; the embedded database runs none (decision 105).
  it.runIf(process.env.TEST_DB !== "postgres")(
    "on the embedded database the worker vacuums the search index after ingesting, so BM25 reads postings from their index alone",
    async () => {
      const kb = await createKb(ctx.app, f.a.admin, f.a.id, { name: "Vacuumed" });
      await addKbFile(ctx.app, f.a.member, f.a.id, kb.id, {
        name: "v.txt",
        type: "text/plain",
        bytes: "epsilon zeta eta theta",
      });
      await processPendingFiles(f.a.id, { embed: { retryBaseMs: 5 }, vacuumIndex: true });
      const stats = await rows<{ last_vacuum: string | null; relallvisible: number }>(
        sql`select s.last_vacuum, c.relallvisible from pg_stat_user_tables s join pg_class c on c.oid = s.relid
          where s.relname = 'kb_posting'`,
      );
      expect(stats.rows[0]!.last_vacuum).not.toBeNull();
      expect(Number(stats.rows[0]!.relallvisible)).toBeGreaterThan(0);
    },
  );

  it("zero orphans: deleting a file, then a knowledge base, leaves no chunk, posting, row or blob", async () => {
    const kb = await createKb(ctx.app, f.a.admin, f.a.id, { name: "Orphans" });
    const one = await addKbFile(ctx.app, f.a.member, f.a.id, kb.id, {
      name: "one.txt",
      type: "text/plain",
      bytes: "alpha beta",
    });
    const two = await addKbFile(ctx.app, f.a.member, f.a.id, kb.id, {
      name: "two.txt",
      type: "text/plain",
      bytes: "gamma delta",
    });
    await run();
    const count = async (table: string, col: string, id: string) =>
      Number(
        (
          await rows<{ n: number }>(
            sql`select count(*)::int as n from ${sql.raw(table)} where organization_id = ${f.a.id} and ${sql.raw(col)} = ${id}::uuid`,
          )
        ).rows[0]!.n,
      );
    expect(await count("kb_chunk", "file_id", one.id)).toBeGreaterThan(0);
    expect(await count("kb_file_term", "file_id", one.id)).toBeGreaterThan(0);
    // The worker took both indexed files into the knowledge base's df rollup (decision 135).
    const rollup = async () =>
      (
        await rows<{ files: number; terms: number; df: number }>(sql`
          select (select files from kb_index_rollup where knowledge_base_id = ${kb.id}::uuid) as files,
            (select count(*)::int from kb_term_rollup where knowledge_base_id = ${kb.id}::uuid and df > 0) as terms,
            (select coalesce(sum(df), 0)::int from kb_term_rollup where knowledge_base_id = ${kb.id}::uuid) as df`)
      ).rows[0]!;
    expect(await rollup()).toEqual({ files: 2, terms: 4, df: 4 });
    const del = await call(ctx.app, "DELETE", `/api/kb/files?orgId=${f.a.id}&kbId=${kb.id}&fileId=${one.id}`, {
      token: f.a.member.token,
    });
    expect(del.status).toBe(200);
    expect(await count("kb_chunk", "file_id", one.id)).toBe(0);
    expect(await count("kb_file_index_stat", "file_id", one.id)).toBe(0);
    expect(await count("kb_file_term", "file_id", one.id)).toBe(0);
    expect(await count("file", "id", one.id)).toBe(0);
    // The deleted file left the rollup in the same transaction.
    expect(await rollup()).toEqual({ files: 1, terms: 2, df: 2 });
    await drainBlobDeletions();
    expect(await blobStore().exists(one.fileKey)).toBe(false);
    expect(await blobStore().exists(one.contentKey)).toBe(false);

    const delKb = await call(ctx.app, "DELETE", `/api/kb/manage?orgId=${f.a.id}&id=${kb.id}`, {
      token: f.a.admin.token,
    });
    expect(delKb.status).toBe(200);
    expect(await count("kb_chunk", "knowledge_base_id", kb.id)).toBe(0);
    expect(await count("kb_posting", "knowledge_base_id", kb.id)).toBe(0);
    expect(await count("kb_file_term", "knowledge_base_id", kb.id)).toBe(0);
    expect(await count("kb_term_rollup", "knowledge_base_id", kb.id)).toBe(0);
    expect(await count("kb_index_rollup", "knowledge_base_id", kb.id)).toBe(0);
    expect(await count("kb_file", "knowledge_base_id", kb.id)).toBe(0);
    expect(await count("file", "id", two.id)).toBe(0);
    await drainBlobDeletions();
    expect(await blobStore().exists(two.fileKey)).toBe(false);
    expect(await blobStore().exists(two.contentKey)).toBe(false);
    const queued = await rows<{ n: number }>(
      sql`select count(*)::int as n from kb_blob_deletion where organization_id = ${f.a.id}`,
    );
    expect(queued.rows[0]!.n).toBe(0);
  });
});
