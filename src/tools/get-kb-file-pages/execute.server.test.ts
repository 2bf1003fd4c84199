// get_kb_file_pages against real data: the text of the pages asked for, from the text ingestion stored
// page by page, and only for files of the agent's accessible knowledge bases in the caller's
// organisation (TOOL-34, TOOL-35). PDF pages come with images rendered by pdftoppm (decision 096).
import { chmod, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getTestContext } from "../../server/test/context";
import { blobStore } from "../../server/storage/store";
import { makeKb, makeOrg } from "../../server/kb/index/test-fixture";
import { makeReadableFile } from "../../server/kb/read/test-fixture";
import { MAX_PAGES_TEXT_CHARS } from "../../server/kb/read/file-pages";
import { PAGE_IMAGES, pageImageKey } from "../../server/kb/read/page-images";
import { makePdf } from "../../server/files/test-documents";
import { canReadKey } from "../../server/files/access";
import { deleteFile } from "../../server/kb/file-service";
import { drainBlobDeletions } from "../../server/kb/blob-deletions";
import type { ToolContext } from "../executor.server";
import { getKbFilePages, MAX_PAGES_PER_CALL } from "./definition";
import { FILE_NOT_FOUND, NO_KNOWLEDGE_BASES, NO_SUCH_PAGES, NO_TEXT, TEXT_MISSING, execute } from "./execute.server";
import { kbFilePagesResult } from "./result";

let orgA: string;
let orgB: string;
let open: string;
let closed: string;
let foreign: string;
let handbook: { id: string; contentKey: string };
let secret: string;
let theirs: string;
const pages = ["Welcome to the handbook.", "Leave: 25 days a year.", "", "Expenses are due on the fifth."];

beforeAll(async () => {
  await getTestContext();
  orgA = await makeOrg();
  orgB = await makeOrg();
  open = await makeKb(orgA, 1536, "Policies");
  closed = await makeKb(orgA, 1536, "Board");
  foreign = await makeKb(orgB, 1536, "B's KB");
  handbook = await makeReadableFile(orgA, open, { name: "handbook.pdf", chunks: pages.filter(Boolean), pages });
  await putPdf(orgA, handbook.id, "handbook.pdf", pages);
  secret = (await makeReadableFile(orgA, closed, { name: "minutes.txt", chunks: ["Board secrets"] })).id;
  theirs = (await makeReadableFile(orgB, foreign, { name: "b.txt", chunks: ["Organisation B's rules"] })).id;
}, 300_000);

const putPdf = async (orgId: string, fileId: string, name: string, texts: string[]) =>
  blobStore().put(`org/${orgId}/kb/${fileId}/${name}`, await makePdf(texts), "application/pdf");

const PNG = "89504e470d0a1a0a";
const isPng = async (key: string) => {
  const stored = await blobStore().get(key);
  return !!stored && Buffer.from(stored.bytes).subarray(0, 8).toString("hex") === PNG;
};

const defaults = { ...PAGE_IMAGES };
afterEach(() => {
  Object.assign(PAGE_IMAGES, defaults);
});

const run = (args: Record<string, unknown>, accessible: unknown[] = [open], orgId = orgA) =>
  execute(getKbFilePages.input.parse(args), {
    orgId,
    abortSignal: new AbortController().signal,
    toolConfig: { accessibleKnowledgeBaseIds: accessible },
  } as unknown as ToolContext);

const ask = (pagesAsked: number[], fileId = handbook.id, kbId: unknown = open) => ({
  knowledge_base_id: kbId,
  file_id: fileId,
  file_name: "handbook.pdf",
  pages: pagesAsked,
});

describe("get_kb_file_pages", () => {
  it("[TOOL-34] takes knowledge_base_id, file_id, file_name and 1 to 20 pages", () => {
    expect(getKbFilePages.isPrivate).toBe(true);
    expect(Object.keys(getKbFilePages.input.shape)).toEqual(["knowledge_base_id", "file_id", "file_name", "pages"]);
    expect(getKbFilePages.input.safeParse(ask([])).success).toBe(false);
    expect(getKbFilePages.input.safeParse(ask([0])).success).toBe(false);
    expect(
      getKbFilePages.input.safeParse(ask(Array.from({ length: MAX_PAGES_PER_CALL + 1 }, (_, i) => i + 1))).success,
    ).toBe(false);
    expect(getKbFilePages.input.safeParse({ ...ask([1]), file_name: " " }).success).toBe(false);
  });

  it("[TOOL-35] returns file, pages, text and images for the pages asked for, in page order", async () => {
    const res = await run(ask([4, 2, 2]));
    expect(res.status).toBe("success");
    expect(kbFilePagesResult.parse(res)).toEqual({
      file: { fileName: "handbook.pdf", knowledgeBaseName: "Policies" },
      pages: [2, 4],
      text: "[Page 2]\nLeave: 25 days a year.\n\n[Page 4]\nExpenses are due on the fifth.",
      images: [
        { page: 2, key: pageImageKey(orgA, handbook.id, 2) },
        { page: 4, key: pageImageKey(orgA, handbook.id, 4) },
      ],
    });
    expect(await isPng(pageImageKey(orgA, handbook.id, 2))).toBe(true);
    expect(await isPng(pageImageKey(orgA, handbook.id, 4))).toBe(true);
    // Not asked for: not rendered.
    expect(await blobStore().exists(pageImageKey(orgA, handbook.id, 1))).toBe(false);
    // The organisation's members may open them, as they may open the file.
    const reader = { orgId: orgA, userId: "someone", isAdmin: false };
    expect(await canReadKey(reader, pageImageKey(orgA, handbook.id, 2))).toBe(true);
    expect(await canReadKey({ ...reader, orgId: orgB }, pageImageKey(orgA, handbook.id, 2))).toBe(false);
  });

  it("[TOOL-35] page images are rendered once and then read from the store", async () => {
    const file = await makeReadableFile(orgA, open, { name: "twice.pdf", chunks: ["a"], pages: ["a", "b", "c"] });
    await putPdf(orgA, file.id, "twice.pdf", ["a", "b", "c"]);
    await run(ask([1], file.id));
    PAGE_IMAGES.command = "/nonexistent/pdftoppm";
    const r = kbFilePagesResult.parse(await run(ask([1, 3], file.id)));
    // Page 1 was stored by the first call; page 3 cannot be rendered without the renderer: no image, still text.
    expect(r.images).toEqual([{ page: 1, key: pageImageKey(orgA, file.id, 1) }]);
    expect(r.pages).toEqual([1, 3]);
  });

  it("[TOOL-35] a renderer that hangs is stopped by the time limit; the text still comes", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "sb-hang-"));
    const hang = path.join(dir, "hang.sh");
    await writeFile(hang, "#!/bin/sh\nexec sleep 30\n");
    await chmod(hang, 0o700);
    const file = await makeReadableFile(orgA, open, { name: "slow.pdf", chunks: ["a"], pages: ["a", "b"] });
    await putPdf(orgA, file.id, "slow.pdf", ["a", "b"]);
    Object.assign(PAGE_IMAGES, { command: hang, pageTimeoutMs: 300, totalMs: 500 });
    const started = Date.now();
    const r = kbFilePagesResult.parse(await run(ask([1, 2], file.id)));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(r.images).toEqual([]);
    expect(r.text).toBe("[Page 1]\na\n\n[Page 2]\nb");
  });

  it("[TOOL-35] files other than PDFs have no page images", async () => {
    const sheet = await makeReadableFile(orgA, open, { name: "plan.xlsx", chunks: ["x"], pages: ["x", "y"] });
    expect(kbFilePagesResult.parse(await run(ask([1, 2], sheet.id))).images).toEqual([]);
  });

  it("deleting a PDF removes its page images with it (no orphans)", async () => {
    const file = await makeReadableFile(orgA, open, {
      name: "gone.pdf",
      chunks: ["one"],
      pages: ["one", "two", "three"],
    });
    await putPdf(orgA, file.id, "gone.pdf", ["one", "two", "three"]);
    const r = kbFilePagesResult.parse(await run(ask([1, 3], file.id)));
    expect(r.images.map((i) => i.page)).toEqual([1, 3]);
    await deleteFile({ orgId: orgA, kbId: open, fileId: file.id });
    await drainBlobDeletions();
    for (const page of [1, 2, 3]) expect(await blobStore().exists(pageImageKey(orgA, file.id, page))).toBe(false);
  });

  it("[TOOL-35] an empty page is returned empty; pages past the end are left out, and only those is an error", async () => {
    const r = kbFilePagesResult.parse(await run(ask([3, 9])));
    expect(r.pages).toEqual([3]);
    expect(r.text).toBe("[Page 3]\n");
    expect(await run(ask([5, 9]))).toEqual({ status: "error", error: NO_SUCH_PAGES("handbook.pdf", 4) });
  });

  it("[TOOL-34] reaches only files of the accessible knowledge bases in the caller's organisation", async () => {
    const notFound = (fileId: string, kbId: string) => ({ status: "error", error: FILE_NOT_FOUND(fileId, kbId) });
    expect(await run(ask([1], secret, closed))).toEqual(notFound(secret, closed));
    // The file exists in an accessible knowledge base, but not in the one named.
    expect(await run(ask([1], handbook.id, closed), [open, closed])).toEqual(notFound(handbook.id, closed));
    expect(await run(ask([1], theirs, foreign), [open, foreign])).toEqual(notFound(theirs, foreign));
    expect(await run(ask([1], handbook.id, open), [open], orgB)).toEqual(notFound(handbook.id, open));
    expect(await run(ask([1], handbook.id, 7))).toEqual(notFound(handbook.id, "7"));
    expect(await run(ask([1]), [])).toEqual({ status: "error", error: NO_KNOWLEDGE_BASES });
    expect(JSON.stringify(await run(ask([1], secret, closed), [closed]))).toContain("Board secrets");
  });

  it("[TOOL-34] a file without its extracted text is refused with a reason", async () => {
    const pending = await makeReadableFile(orgA, open, { name: "new.docx", chunks: ["x"], status: "pending" });
    expect(await run(ask([1], pending.id))).toEqual({ status: "error", error: NO_TEXT("new.docx", "pending", null) });
    const lost = await makeReadableFile(orgA, open, { name: "lost.pdf", chunks: ["x"] });
    await blobStore().delete(lost.contentKey);
    expect(await run(ask([1], lost.id))).toEqual({ status: "error", error: TEXT_MISSING("lost.pdf") });
  });

  it("[TOOL-35] long pages share a bounded text", async () => {
    const big = "x".repeat(MAX_PAGES_TEXT_CHARS);
    const sheet = await makeReadableFile(orgA, open, { name: "big.xlsx", chunks: ["x"], pages: [big, big] });
    const r = kbFilePagesResult.parse(await run(ask([1, 2], sheet.id)));
    expect(r.text.length).toBe(MAX_PAGES_TEXT_CHARS);
    expect(r.text).toContain("[Page 2]\nxxx");
  });
});
