// Runs one parser of an untrusted binary format (PDF, Word, spreadsheets) in a worker thread, so a
// hostile file meets a memory cap and a time limit, and a parser bug cannot touch the server's own
// objects (SheetJS's npm release, kept for legacy .xls only, has known prototype-pollution and ReDoS
// issues with crafted files).
// Input: workerData { format, bytes }. Output: one message { ok: true, text } or { ok: false, error }.
import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";

const require = createRequire(import.meta.url);

/** Every BIFF5/BIFF8 .xls is an OLE compound file; HTML, CSV, SYLK … saved as .xls are not read. */
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const parsers = {
  async pdf(bytes) {
    const { extractText, getDocumentProxy } = await import("unpdf");
    // The worker exits after one file, which frees the document.
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: false });
    return text.map((page) => page.trim()).join("\n\n");
  },
  async docx(bytes) {
    const mammoth = require("mammoth");
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
    return value;
  },
  async doc(bytes) {
    const WordExtractor = require("word-extractor");
    const doc = await new WordExtractor().extract(Buffer.from(bytes));
    const parts = [
      doc.getBody(),
      doc.getFootnotes(),
      doc.getEndnotes(),
      doc.getTextboxes({ includeHeadersAndFooters: false }),
    ];
    return parts
      .map((p) => (p ?? "").trim())
      .filter(Boolean)
      .join("\n\n");
  },
  // .xlsx and .xlsm: ExcelJS, which reads only the Office Open XML zip (security #16).
  async xlsx(bytes) {
    const ExcelJS = require("exceljs");
    const { workbookText } = await import("./sheet-text.mjs");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(bytes), {
      ignoreNodes: ["dataValidations", "conditionalFormatting", "hyperlinks", "drawing", "picture"],
    });
    return workbookText(book);
  },
  // Legacy .xls (BIFF) only: SheetJS 0.18.5 has open advisories and no fixed npm release, and it
  // sniffs and parses a dozen other formats, so nothing else is handed to it.
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
    return book.SheetNames.map(
      (name) => `## Sheet: ${name}\n${XLSX.utils.sheet_to_csv(book.Sheets[name], { blankrows: false }).trim()}`,
    ).join("\n\n");
  },
};

const { format, bytes } = workerData;
const parse = parsers[format];
Promise.resolve()
  .then(() => (parse ? parse(bytes) : Promise.reject(new Error(`No parser for ${format}`))))
  .then(
    (text) => parentPort.postMessage({ ok: true, text }),
    (err) => parentPort.postMessage({ ok: false, error: String(err?.message ?? err) }),
  );
