// A page's text in overlapping chunks: about CHUNK_CHARS characters (~400 tokens) ending at a
// paragraph, sentence or word boundary, each starting OVERLAP characters before the previous one
// ended, so a passage cut by a boundary is still whole in one chunk. Chunks stay within their page.
export const CHUNK_CHARS = 1_600;
export const OVERLAP = 200;

function boundary(text: string, from: number, to: number): number {
  if (to >= text.length) return text.length;
  const window = text.slice(from, to);
  const min = Math.floor(window.length * 0.6);
  for (const sep of ["\n\n", "\n", ". ", "? ", "! ", "; ", " "]) {
    const at = window.lastIndexOf(sep);
    if (at >= min) return from + at + sep.length;
  }
  return to;
}

export function chunkText(text: string, size = CHUNK_CHARS, overlap = OVERLAP): string[] {
  const clean = text
    .replace(/[ \t]+/g, " ")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  if (!clean) return [];
  const chunks: string[] = [];
  let start = 0;
  for (;;) {
    const end = boundary(clean, start, start + size);
    const piece = clean.slice(start, end).trim();
    if (piece) chunks.push(piece);
    if (end >= clean.length) return chunks;
    // Back up by the overlap, to a word start, but always move forward.
    let next = Math.max(end - overlap, start + 1);
    const space = clean.indexOf(" ", next);
    if (space !== -1 && space < end) next = space + 1;
    start = next;
  }
}
