// get_kb_file_pages' reading: chosen pages of a file's extracted text (its content file, pages separated
// by form feeds as ingestion wrote them), streamed so that only the pages asked for are kept.
import { blobStore } from "../../storage/store";
import { contentPages } from "../ingest/content-file";

/** Most characters of page text one call returns; longer pages share it (a sheet can be megabytes). */
export const MAX_PAGES_TEXT_CHARS = 100_000;

/** The text of each of `pages` the file has, in page order; null when the content file is missing. */
export async function readPages(contentKey: string, pages: readonly number[]): Promise<Map<number, string> | null> {
  const stream = await blobStore().openRead(contentKey);
  if (!stream) return null;
  const wanted = new Set(pages);
  const last = Math.max(...pages);
  const found = new Map<number, string>();
  try {
    for await (const page of contentPages(stream)) {
      if (wanted.has(page.pageNumber)) found.set(page.pageNumber, page.text);
      if (page.pageNumber >= last) break;
    }
  } finally {
    (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
  }
  return found;
}
