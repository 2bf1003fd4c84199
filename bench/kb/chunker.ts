// Placeholder until the ingestion worker's chunker lands (kb-server): ~1,000 characters, 200 overlap.
export function chunkText(text: string): { content: string; pageNumber: number | null }[] {
  const out: { content: string; pageNumber: number | null }[] = [];
  const size = 1000;
  const overlap = 200;
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) {
      const space = text.lastIndexOf(" ", end);
      if (space > start + size / 2) end = space;
    }
    out.push({ content: text.slice(start, end).trim(), pageNumber: null });
    if (end >= text.length) break;
    start = Math.max(end - overlap, start + 1);
    const space = text.indexOf(" ", start);
    if (space > 0 && space < end) start = space + 1;
  }
  return out;
}
