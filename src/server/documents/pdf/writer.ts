// A small flowing layout over pdf-lib for the report tools: wrapped paragraphs, headings, bullets,
// two-column tables and rows of pictures, moving to a new page when one is full. The standard fonts
// (no font files to ship) cover Latin text; other characters print as "?" rather than failing the
// whole document.
import type { PDFDocument, PDFFont, PDFPage, RGB } from "pdf-lib";
import { fitInto } from "../image-info";
import type { DocumentImage } from "../images";

export const PAGE = { w: 612, h: 792 }; // US Letter, points
/** pdf-lib's rgb() without loading pdf-lib: the library is loaded with the first document (issue 18). */
const rgb = (red: number, green: number, blue: number) => ({ type: "RGB", red, green, blue }) as RGB;
export const COLORS = {
  ink: rgb(0.12, 0.16, 0.22),
  muted: rgb(0.42, 0.45, 0.5),
  navy: rgb(0.118, 0.227, 0.373),
  accent: rgb(0.059, 0.463, 0.431),
  light: rgb(0.902, 0.941, 0.937),
  rule: rgb(0.82, 0.84, 0.86),
  white: rgb(1, 1, 1),
};

export interface TextStyle {
  font?: "regular" | "bold" | "italic";
  size?: number;
  color?: RGB;
  x?: number;
  width?: number;
  lineGap?: number;
}

export class PdfWriter {
  readonly margin = 40;
  page!: PDFPage;
  y = 0;
  private constructor(
    readonly doc: PDFDocument,
    private readonly fonts: Record<"regular" | "bold" | "italic", PDFFont>,
    private readonly onNewPage: (w: PdfWriter) => void,
  ) {}

  static async create(meta: { title: string; subject: string }, onNewPage: (w: PdfWriter) => void = () => {}) {
    const { PDFDocument, StandardFonts } = await import("pdf-lib");
    const doc = await PDFDocument.create();
    doc.setTitle(meta.title);
    doc.setSubject(meta.subject);
    doc.setCreator("Switchboard");
    doc.setProducer("Switchboard");
    const fonts = {
      regular: await doc.embedFont(StandardFonts.Helvetica),
      bold: await doc.embedFont(StandardFonts.HelveticaBold),
      italic: await doc.embedFont(StandardFonts.HelveticaOblique),
    };
    const w = new PdfWriter(doc, fonts, onNewPage);
    w.newPage();
    return w;
  }

  get width() {
    return PAGE.w - 2 * this.margin;
  }

  font(name: TextStyle["font"] = "regular") {
    return this.fonts[name];
  }

  newPage() {
    this.page = this.doc.addPage([PAGE.w, PAGE.h]);
    this.y = PAGE.h - this.margin;
    this.onNewPage(this);
  }

  /** Starts a new page unless `h` points still fit above the footer. */
  ensure(h: number) {
    if (this.y - h < this.margin + 24) this.newPage();
  }

  /** The text with every character the font cannot draw replaced. */
  safe(text: string, font: PDFFont = this.fonts.regular): string {
    const known = new Set(font.getCharacterSet());
    return [...text.replace(/\r\n?/g, "\n").replace(/\t/g, " ")]
      .map((ch) => (ch === "\n" || known.has(ch.codePointAt(0)!) ? ch : "?"))
      .join("");
  }

  /** Lines of at most `width` points; a word longer than a line is broken. */
  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const para of this.safe(text, font).split("\n")) {
      let line = "";
      for (const word of para.split(/ +/).filter(Boolean)) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) <= width) {
          line = next;
          continue;
        }
        if (line) lines.push(line);
        line = word;
        while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
          let cut = line.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
          lines.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      lines.push(line);
    }
    return lines;
  }

  /** Draws wrapped text at the cursor and moves it down. */
  text(text: string, style: TextStyle = {}) {
    const font = this.font(style.font);
    const size = style.size ?? 9.5;
    const x = style.x ?? this.margin;
    const lineH = size + (style.lineGap ?? 3);
    for (const line of this.wrap(text, font, size, style.width ?? this.width - (x - this.margin))) {
      this.ensure(lineH);
      this.y -= lineH;
      this.page.drawText(line, { x, y: this.y + 3, size, font, color: style.color ?? COLORS.ink });
    }
  }

  gap(h: number) {
    this.y -= h;
  }

  heading(text: string) {
    this.ensure(40);
    this.gap(8);
    this.text(text.toUpperCase(), { font: "bold", size: 10, color: COLORS.accent });
    this.page.drawLine({
      start: { x: this.margin, y: this.y },
      end: { x: PAGE.w - this.margin, y: this.y },
      thickness: 0.75,
      color: COLORS.accent,
    });
    this.gap(5);
  }

  bullets(items: readonly string[], style: TextStyle = {}) {
    const size = style.size ?? 9.5;
    for (const item of items) {
      this.ensure(size + 3);
      this.page.drawCircle({ x: this.margin + 4, y: this.y - size + 2.5, size: 1.6, color: COLORS.accent });
      this.text(item, { ...style, x: this.margin + 12 });
      this.gap(2);
    }
  }

  /**
   * Rows of cells; the first row may be a header. Without `align`, the first column reads left and the
   * others right ([label, value] rows); with it, each column (header included) as given.
   */
  table(
    rows: readonly (readonly string[])[],
    opts: { header?: boolean; colWidths: number[]; size?: number; align?: readonly ("left" | "right")[] },
  ) {
    const size = opts.size ?? 9;
    rows.forEach((row, r) => {
      const head = opts.header && r === 0;
      const font = this.font(head ? "bold" : "regular");
      const wrapped = row.map((cell, c) => this.wrap(cell, font, size, opts.colWidths[c]! - 8));
      const h = Math.max(...wrapped.map((l) => l.length)) * (size + 2) + 6;
      this.ensure(h);
      const top = this.y;
      if (head || r % 2 === 0) {
        this.page.drawRectangle({
          x: this.margin,
          y: top - h,
          width: opts.colWidths.reduce((a, b) => a + b, 0),
          height: h,
          color: head ? COLORS.navy : COLORS.light,
        });
      }
      let x = this.margin;
      wrapped.forEach((lines, c) => {
        lines.forEach((line, i) => {
          const right = opts.align ? opts.align[c] === "right" : !head && c > 0;
          const w = font.widthOfTextAtSize(line, size);
          this.page.drawText(line, {
            x: right ? x + opts.colWidths[c]! - 4 - w : x + 4,
            y: top - 3 - (i + 1) * (size + 2) + 2,
            size,
            font,
            color: head ? COLORS.white : COLORS.ink,
          });
        });
        x += opts.colWidths[c]!;
      });
      this.y = top - h;
    });
  }

  /**
   * Pictures side by side in equal boxes `height` points tall, across the page or in the column
   * `area` (then the cursor stays where it is: the caller lays the column beside something else).
   */
  async images(images: readonly DocumentImage[], height: number, area?: { x: number; width: number; top: number }) {
    if (images.length === 0) return;
    if (!area) this.ensure(height + 6);
    const gap = 10;
    const x0 = area?.x ?? this.margin;
    const top = area?.top ?? this.y;
    const w = ((area?.width ?? this.width) - gap * (images.length - 1)) / images.length;
    for (const [i, image] of images.entries()) {
      const embedded =
        image.format === "png" ? await this.doc.embedPng(image.bytes) : await this.doc.embedJpg(image.bytes);
      const box = fitInto(image, { x: x0 + i * (w + gap), y: top - height, w, h: height });
      this.page.drawImage(embedded, { x: box.x, y: box.y, width: box.w, height: box.h });
    }
    if (!area) this.gap(height + 6);
  }

  /** Page footers ("left … page n of N") once every page exists. */
  footers(left: string) {
    const pages = this.doc.getPages();
    const font = this.fonts.regular;
    pages.forEach((page, i) => {
      page.drawText(this.safe(left), { x: this.margin, y: this.margin - 16, size: 7.5, font, color: COLORS.muted });
      const right = `Page ${i + 1} of ${pages.length}`;
      page.drawText(right, {
        x: PAGE.w - this.margin - font.widthOfTextAtSize(right, 7.5),
        y: this.margin - 16,
        size: 7.5,
        font,
        color: COLORS.muted,
      });
    });
  }

  async save(): Promise<Uint8Array> {
    return this.doc.save();
  }
}
