// Documents of every accepted format, made by the tests themselves (no binary fixtures).
import { PDFDocument, StandardFonts } from "pdf-lib";
import { Document, Packer, Paragraph, TextRun } from "docx";
import * as XLSX from "xlsx";
import CFB from "cfb";

export async function makePdf(pages: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pages) pdf.addPage([400, 300]).drawText(text, { x: 40, y: 240, size: 14, font });
  return pdf.save();
}

export async function makeDocx(paragraphs: string[]): Promise<Uint8Array> {
  const doc = new Document({
    sections: [{ children: paragraphs.map((p) => new Paragraph({ children: [new TextRun(p)] })) }],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

export function makeWorkbook(bookType: "xlsx" | "xlsm" | "xls", sheets: Record<string, unknown[][]>): Uint8Array {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets))
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
  return new Uint8Array(XLSX.write(book, { bookType, type: "buffer" }) as Buffer);
}

/**
 * A minimal Word 97 (.doc) file: an OLE compound file whose WordDocument stream holds a FIB, the text
 * (UTF-16) and whose 1Table stream holds a one-piece piece table (CLX).
 */
export function makeDoc(text: string): Uint8Array {
  const body = `${text}\r`;
  const TEXT_AT = 1024;
  const word = Buffer.alloc(4608);
  word.writeUInt16LE(0xa5ec, 0); // wIdent
  word.writeUInt16LE(0x0200, 0x0a); // fWhichTblStm: the table is 1Table
  word.writeUInt32LE(body.length, 0x4c); // ccpText
  word.writeUInt32LE(0, 0x1a2); // fcClx (lcbClx stays 0 for readers that only follow the CLX)
  Buffer.from(body, "utf16le").copy(word, TEXT_AT);
  const table = Buffer.alloc(32);
  table.writeUInt8(2, 0); // clxt: a Pcdt
  table.writeUInt32LE(16, 1); // lcb of the PlcPcd: two CPs and one PCD
  table.writeUInt32LE(0, 5);
  table.writeUInt32LE(body.length, 9);
  table.writeUInt16LE(0, 13); // PCD flags
  table.writeUInt32LE(TEXT_AT, 15); // fc: uncompressed (UTF-16) text at TEXT_AT
  table.writeUInt16LE(0, 19); // prm
  const file = CFB.utils.cfb_new();
  CFB.utils.cfb_add(file, "/WordDocument", word);
  CFB.utils.cfb_add(file, "/1Table", table);
  return new Uint8Array(CFB.write(file, { type: "buffer" }) as Buffer);
}

/** A 1×1 transparent PNG. */
export const PNG_1X1 = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  ),
);
