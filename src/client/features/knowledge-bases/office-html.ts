// Office files rendered to HTML in the browser (decision 052): an online office viewer would have to
// fetch the file from the internet, which a self-hosted deployment's storage does not allow. Word
// (.docx) goes through mammoth, Excel (.xlsx/.xlsm) through ExcelJS (not SheetJS: decision 036); both
// load only when needed. Legacy .xls, .doc and PowerPoint offer the download instead.
import { extensionOf } from "@/shared/files/rules";

/** Old binary Word (.doc) and PowerPoint have no in-browser renderer here: they show "Preview not available". */
export const canRenderOffice = (fileName: string) => ["docx", "xlsx", "xlsm"].includes(extensionOf(fileName));

/** Enough of a sheet to review against: the preview is not a spreadsheet editor. */
const MAX_ROWS = 500;
const MAX_COLUMNS = 50;

interface MammothBrowser {
  convertToHtml(input: { arrayBuffer: ArrayBuffer }): Promise<{ value: string }>;
}

export async function officeToHtml(fileName: string, bytes: ArrayBuffer): Promise<string> {
  if (extensionOf(fileName) === "docx") {
    // The prebuilt browser bundle: the package's main entry needs Node's modules.
    const mod = (await import("mammoth/mammoth.browser.min.js")) as unknown as {
      default?: MammothBrowser;
    } & MammothBrowser;
    const mammoth = mod.default ?? mod;
    return (await mammoth.convertToHtml({ arrayBuffer: bytes })).value;
  }
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes);
  return book.worksheets
    .map((sheet) => {
      const rows: string[] = [];
      sheet.eachRow((row, n) => {
        if (n > MAX_ROWS) return;
        const cells: string[] = [];
        for (let c = 1; c <= Math.min(row.cellCount, MAX_COLUMNS); c++)
          cells.push(`<td>${escapeHtml(row.getCell(c).text ?? "")}</td>`);
        rows.push(`<tr>${cells.join("")}</tr>`);
      });
      return `<h2>${escapeHtml(sheet.name)}</h2><table>${rows.join("")}</table>`;
    })
    .join("");
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The rendered document inside a sandboxed frame: no scripts run, whatever the file held. */
export const officeFrameDocument = (html: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><style>body{font:14px/1.5 system-ui,sans-serif;margin:16px;color:#111}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:2px 6px}img{max-width:100%}</style></head><body>${html}</body></html>`;
