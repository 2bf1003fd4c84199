// get_kb_file_pages' page images (decision 096): a PDF's pages rendered to PNG by poppler's pdftoppm the
// first time they are asked for, and kept in the organisation's blob store beside the file
// (org/<orgId>/kb/<fileId>/page-<n>.png, readable like the file itself). The renderer runs without a
// shell, one page per run, under a time limit; a page it cannot render is left out, never an error.
import { execFile } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { and, eq } from "drizzle-orm";
import { db } from "../../db/client";
import { kbFile } from "../../db/tables";
import { blobStore } from "../../storage/store";
import { extensionOf } from "../../../shared/files/rules";
import { log } from "../../logger";

export const PAGE_IMAGES = {
  /** Every page is scaled to this longest side in pixels (a Letter page is then about 145 dpi; a poster stays small). */
  maxSidePx: 1600,
  /** One page's rendering is killed after this long; all of a call's renderings stop after totalMs. */
  pageTimeoutMs: 20_000,
  totalMs: 60_000,
  /** The renderer's path (poppler-utils' pdftoppm on PATH by default). */
  command: process.env.KB_PDF_RENDERER || "pdftoppm",
};

const PNG_SIGNATURE = Buffer.from("89504e470d0a1a0a", "hex");

export const pageImageKey = (orgId: string, fileId: string, page: number) =>
  `org/${orgId}/kb/${fileId}/page-${page}.png`;

export const hasPageImages = (file: { fileName: string }) => extensionOf(file.fileName) === "pdf";

/** Every key a file's page images may have (deletes queue them all: rendering is on demand). */
export function pageImageKeys(file: {
  organizationId: string;
  id: string;
  fileName: string;
  pageCount: number | null;
}): string[] {
  if (!hasPageImages(file) || !file.pageCount) return [];
  return Array.from({ length: file.pageCount }, (_, i) => pageImageKey(file.organizationId, file.id, i + 1));
}

export interface PageImage {
  page: number;
  key: string;
}

interface ImageFile {
  organizationId: string;
  id: string;
  fileName: string;
  fileKey: string;
}

function renderPage(pdf: string, page: number, outBase: string, timeoutMs: number, signal?: AbortSignal) {
  const args = ["-png", "-scale-to", String(PAGE_IMAGES.maxSidePx), "-f", String(page), "-l", String(page)];
  args.push("-singlefile", pdf, outBase);
  return new Promise<void>((resolve, reject) => {
    execFile(
      PAGE_IMAGES.command,
      args,
      { timeout: timeoutMs, killSignal: "SIGKILL", signal, maxBuffer: 64 * 1024, windowsHide: true },
      (err) => (err ? reject(err) : resolve()),
    );
  });
}

let missingRenderer = false;

/**
 * The images of `pages` (which the file has) in page order: cached ones from the store, the others
 * rendered now and stored. Files other than PDFs have none.
 */
export async function pageImages(
  file: ImageFile,
  pages: readonly number[],
  signal?: AbortSignal,
): Promise<PageImage[]> {
  if (!hasPageImages(file) || pages.length === 0) return [];
  const store = blobStore();
  const wanted = pages.map((page) => ({ page, key: pageImageKey(file.organizationId, file.id, page) }));
  const cached = await Promise.all(wanted.map((w) => store.exists(w.key)));
  const missing = wanted.filter((_, i) => !cached[i]);
  const made = new Set<number>();
  if (missing.length > 0) {
    for (const p of await renderAndStore(file, missing, signal)) made.add(p);
  }
  return wanted.filter((w, i) => cached[i] || made.has(w.page));
}

async function renderAndStore(file: ImageFile, missing: PageImage[], signal?: AbortSignal): Promise<number[]> {
  const store = blobStore();
  const source = await store.openRead(file.fileKey);
  if (!source) return [];
  const work = await mkdtemp(path.join(tmpdir(), "sb-kb-pages-"));
  const stored: PageImage[] = [];
  try {
    const pdf = path.join(work, "in.pdf");
    await pipeline(source, createWriteStream(pdf, { mode: 0o600 }));
    const deadline = Date.now() + PAGE_IMAGES.totalMs;
    for (const m of missing) {
      const left = deadline - Date.now();
      if (left <= 0 || signal?.aborted) break;
      const out = path.join(work, `p${m.page}`);
      try {
        await renderPage(pdf, m.page, out, Math.min(PAGE_IMAGES.pageTimeoutMs, left), signal);
        const png = await readFile(`${out}.png`);
        if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error("the renderer wrote no PNG");
        await store.put(m.key, png, "image/png");
        stored.push(m);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT" && !missingRenderer) {
          missingRenderer = true;
          log.warn("knowledge-base page images need poppler-utils' pdftoppm; pages are returned without images", {
            command: PAGE_IMAGES.command,
          });
        }
        if ((err as NodeJS.ErrnoException).code === "ENOENT") break;
        log.warn("knowledge-base page image not rendered", {
          fileId: file.id,
          page: m.page,
          error: String((err as Error).message ?? err).slice(0, 300),
        });
      } finally {
        await rm(`${out}.png`, { force: true });
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  if (stored.length === 0) return [];
  // A file deleted while its pages were rendered has queued its page keys already, possibly drained
  // before these were written: they go now, so no image outlives its file.
  const [still] = await db()
    .select({ id: kbFile.id })
    .from(kbFile)
    .where(and(eq(kbFile.organizationId, file.organizationId), eq(kbFile.id, file.id)));
  if (!still) {
    await Promise.all(stored.map((s) => store.delete(s.key).catch(() => {})));
    return [];
  }
  return stored.map((s) => s.page);
}
