// Plain-text formats: decoding (UTF-8 or UTF-16 by byte-order mark) and HTML reduced to its text.

export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  // TextDecoder drops a UTF-8 byte-order mark itself.
  return new TextDecoder("utf-8").decode(bytes);
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  copy: "©",
  reg: "®",
  trade: "™",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  bull: "•",
  middot: "·",
  euro: "€",
  pound: "£",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === "#") {
      const n = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
    }
    return NAMED_ENTITIES[code.toLowerCase()] ?? whole;
  });
}

const BLOCK_TAGS =
  /<\/?(p|div|section|article|header|footer|main|aside|nav|h[1-6]|li|ul|ol|tr|table|blockquote|pre|dt|dd|figure|figcaption|form|hr|title)\b[^<>]*>/gi;
/** Elements whose content is not text, and comments. Scanned with indexOf: linear on any input. */
const DROPPED = /<!--|<(script|style|noscript|template|svg|head)\b/g;

function dropNonText(html: string): string {
  const lower = html.toLowerCase();
  const kept: string[] = [];
  let from = 0;
  for (let m = DROPPED.exec(lower); m; m = DROPPED.exec(lower)) {
    kept.push(html.slice(from, m.index));
    const tag = m[1];
    const close = lower.indexOf(tag ? `</${tag}` : "-->", DROPPED.lastIndex);
    if (close === -1) {
      from = html.length; // never closed: the rest is not text
      break;
    }
    const end = tag ? lower.indexOf(">", close) : close + 2;
    from = end === -1 ? html.length : end + 1;
    if (tag === "head") kept.push(/<title\b[^<>]*>([^<]*)</i.exec(html.slice(m.index, from))?.[1] ?? "", "\n");
    DROPPED.lastIndex = from;
  }
  DROPPED.lastIndex = 0;
  kept.push(html.slice(from));
  return kept.join(" ");
}

/** The readable text of an HTML document: no scripts, styles, comments or markup; blocks on their own lines. */
export function htmlToText(html: string): string {
  return decodeEntities(
    dropNonText(html)
      .replace(/<br\s*\/?>/gi, "\n")
      .replace(/<\/?(td|th)\b[^<>]*>/gi, "\t")
      .replace(BLOCK_TAGS, "\n")
      .replace(/<[^<>]*>/g, ""),
  )
    .replace(/[ \t\f\v\u00a0]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
