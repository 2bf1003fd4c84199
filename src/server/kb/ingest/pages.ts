// A knowledge-base file's text, page by page, read from a local copy. PDFs keep their pages and
// spreadsheets their sheets; formats without pages are divided into sections of about PAGE_CHARS
// characters at line breaks (decision 045), so every chunk still names a page a reader can open.
// Plain text is decoded as a stream: a 250 MB file is never held whole.
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { extensionOf } from "../../../shared/files/rules";
import { htmlToText } from "../../files/extract/text";
import { parsePages, type PagedFormat } from "./parse-pages";

export const PAGE_CHARS = 5_000;
/** HTML is reduced to text whole up to this size, and in slices cut at tag ends above it. */
const HTML_WHOLE_BYTES = 32 * 1024 * 1024;

export interface Page {
  pageNumber: number;
  text: string;
}

const PAGED: Record<string, PagedFormat> = {
  pdf: "pdf",
  docx: "docx",
  doc: "doc",
  xls: "xls",
  xlsx: "xlsx",
  xlsm: "xlsx",
};
const PLAIN = new Set(["txt", "md", "csv", "json", "xml", "yaml", "yml"]);

export const isPlainText = (fileName: string) => PLAIN.has(extensionOf(fileName));
export const hasKnownFormat = (fileName: string) => {
  const ext = extensionOf(fileName);
  return ext in PAGED || PLAIN.has(ext) || ext === "html" || ext === "htm";
};

/** Where to end a section of `text` (at most `size`): the last line break, else space, in its second half. */
function cutAt(text: string, size: number): number {
  if (text.length <= size) return text.length;
  const line = text.lastIndexOf("\n", size);
  if (line > size / 2) return line + 1;
  const space = text.lastIndexOf(" ", size);
  if (space > size / 2) return space + 1;
  return size;
}

/** Divides a text into sections; `final` false keeps the unfinished tail for the next call. */
function* sections(text: string, final: boolean): Generator<string, string> {
  let rest = text;
  while (rest.length > PAGE_CHARS || (final && rest.length)) {
    const end = cutAt(rest, PAGE_CHARS);
    yield rest.slice(0, end);
    rest = rest.slice(end);
  }
  return rest;
}

async function* plainPages(filePath: string, signal?: AbortSignal): AsyncGenerator<string> {
  const head = Buffer.alloc(2);
  const fd = await import("node:fs/promises").then((fs) => fs.open(filePath));
  await fd.read(head, 0, 2, 0);
  await fd.close();
  const encoding =
    head[0] === 0xff && head[1] === 0xfe ? "utf-16le" : head[0] === 0xfe && head[1] === 0xff ? "utf-16be" : "utf-8";
  const decoder = new TextDecoder(encoding);
  let carry = "";
  for await (const chunk of createReadStream(filePath, { highWaterMark: 1 << 20 })) {
    signal?.throwIfAborted();
    carry += decoder.decode(chunk as Buffer, { stream: true }).replace(/\r\n?/g, "\n");
    const it = sections(carry, false);
    let r = it.next();
    while (!r.done) {
      yield r.value;
      r = it.next();
    }
    carry = r.value;
  }
  carry += decoder.decode();
  yield* sections(carry, true);
}

async function* htmlPages(filePath: string): AsyncGenerator<string> {
  const { size } = await stat(filePath);
  if (size <= HTML_WHOLE_BYTES) {
    yield* sections(htmlToText(new TextDecoder().decode(await readFile(filePath))), true);
    return;
  }
  let carry = "";
  for await (const chunk of createReadStream(filePath, { highWaterMark: 4 << 20, encoding: "utf8" })) {
    carry += chunk as string;
    const end = carry.lastIndexOf(">") + 1;
    if (end > 0) {
      yield* sections(htmlToText(carry.slice(0, end)), true);
      carry = carry.slice(end);
    }
  }
  if (carry) yield* sections(htmlToText(carry), true);
}

const LIMITS = { timeoutMs: 10 * 60_000, maxMemoryMb: 1536 };

/** The file's pages in order, numbered from 1; empty pages are skipped but keep their numbers. */
export async function* readPages(filePath: string, fileName: string, signal?: AbortSignal): AsyncGenerator<Page> {
  const ext = extensionOf(fileName);
  const paged = PAGED[ext];
  let n = 0;
  if (paged) {
    for await (const raw of parsePages(paged, filePath, { ...LIMITS, signal })) {
      if (raw.page > 0) {
        n = raw.page;
        if (raw.text.trim()) yield { pageNumber: n, text: raw.text.replace(/\f/g, "\n") };
      } else {
        for (const text of sections(raw.text.replace(/\r\n?|\f/g, "\n"), true) as Iterable<string>)
          yield { pageNumber: ++n, text };
      }
    }
    return;
  }
  const source = ext === "html" || ext === "htm" ? htmlPages(filePath) : plainPages(filePath, signal);
  for await (const text of source) {
    signal?.throwIfAborted();
    n++;
    if (text.trim()) yield { pageNumber: n, text: text.replace(/\f/g, "\n") };
  }
}
