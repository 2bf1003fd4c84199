// Parses one knowledge-base file of a binary format (PDF, Word, spreadsheets) in a worker thread,
// under the memory cap and time limit the caller sets, and posts its text page by page as it goes:
// PDF pages are the document's pages, spreadsheet pages are sheets, Word documents come as one text
// the caller divides. Input: workerData { format, path }. Output: { page, text } messages, then
// { done: true } or { error }.
import { createRequire } from "node:module";
import { readFile } from "node:fs/promises";
import { parentPort, workerData } from "node:worker_threads";

const require = createRequire(import.meta.url);
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const post = (page, text) => parentPort.postMessage({ page, text });

/** A PDF page's text: items in reading order, a line break where the PDF ends a line. */
async function pdfPageText(page) {
  const content = await page.getTextContent();
  let text = "";
  for (const item of content.items) {
    if (!("str" in item)) continue;
    text += item.str;
    if (item.hasEOL) text += "\n";
    else if (item.str && !text.endsWith(" ")) text += " ";
  }
  page.cleanup();
  return text.replace(/[ \t]+\n/g, "\n").trim();
}

const parsers = {
  async pdf(bytes) {
    const { getDocumentProxy } = await import("unpdf");
    const pdf = await getDocumentProxy(bytes);
    for (let n = 1; n <= pdf.numPages; n++) post(n, await pdfPageText(await pdf.getPage(n)));
  },
  async docx(bytes) {
    const mammoth = require("mammoth");
    const { value } = await mammoth.extractRawText({
      buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    });
    post(0, value);
  },
  async doc(bytes) {
    const WordExtractor = require("word-extractor");
    const doc = await new WordExtractor().extract(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const parts = [
      doc.getBody(),
      doc.getFootnotes(),
      doc.getEndnotes(),
      doc.getTextboxes({ includeHeadersAndFooters: false }),
    ];
    post(
      0,
      parts
        .map((p) => (p ?? "").trim())
        .filter(Boolean)
        .join("\n\n"),
    );
  },
  async xlsx(bytes) {
    const ExcelJS = require("exceljs");
    const { sheetToCsv } = await import("../../files/extract/sheet-text.mjs");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      ignoreNodes: ["dataValidations", "conditionalFormatting", "hyperlinks", "drawing", "picture"],
    });
    book.worksheets.forEach((sheet, i) => post(i + 1, `## Sheet: ${sheet.name}\n${sheetToCsv(sheet).trim()}`));
  },
  async xls(bytes) {
    if (!OLE_SIGNATURE.every((b, i) => bytes[i] === b)) throw new Error("Not a legacy Excel workbook");
    const XLSX = require("xlsx");
    const book = XLSX.read(bytes, {
      type: "array",
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
    });
    book.SheetNames.forEach((name, i) =>
      post(i + 1, `## Sheet: ${name}\n${XLSX.utils.sheet_to_csv(book.Sheets[name], { blankrows: false }).trim()}`),
    );
  },
};

const { format, path } = workerData;
const parse = parsers[format];
Promise.resolve()
  .then(async () => {
    if (!parse) throw new Error(`No parser for ${format}`);
    await parse(new Uint8Array(await readFile(path)));
  })
  .then(
    () => parentPort.postMessage({ done: true }),
    (err) => parentPort.postMessage({ error: String(err?.message ?? err) }),
  );
