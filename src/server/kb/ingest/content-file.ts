// A file's extracted text as stored beside it (its contentKey): pages separated by form feeds, the
// way pdftotext writes them. Written and read as streams.
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { once } from "node:events";

export const PAGE_BREAK = "\f";

export class ContentWriter {
  private readonly out: WriteStream;
  private pages = 0;
  constructor(path: string) {
    this.out = createWriteStream(path, { encoding: "utf8" });
  }
  /** Pages are written in order; a skipped (empty) page number still gets its break. */
  async write(pageNumber: number, text: string) {
    while (this.pages < pageNumber - 1) await this.put((this.pages++ ? PAGE_BREAK : "") + "");
    await this.put((this.pages++ ? PAGE_BREAK : "") + text.replace(/\f/g, "\n"));
  }
  private async put(s: string) {
    if (!this.out.write(s)) await once(this.out, "drain");
  }
  async close() {
    this.out.end();
    await once(this.out, "finish");
  }
}

/** The pages of a content stream, numbered from 1, without holding more than one page at a time. */
export async function* contentPages(
  stream: NodeJS.ReadableStream | string,
): AsyncGenerator<{ pageNumber: number; text: string }> {
  const source = typeof stream === "string" ? createReadStream(stream, { encoding: "utf8" }) : stream;
  const decoder = new TextDecoder();
  let carry = "";
  let n = 0;
  for await (const chunk of source) {
    carry += typeof chunk === "string" ? chunk : decoder.decode(chunk as Uint8Array, { stream: true });
    let at: number;
    while ((at = carry.indexOf(PAGE_BREAK)) !== -1) {
      yield { pageNumber: ++n, text: carry.slice(0, at) };
      carry = carry.slice(at + 1);
    }
  }
  carry += decoder.decode();
  if (carry || n > 0) yield { pageNumber: ++n, text: carry };
}
