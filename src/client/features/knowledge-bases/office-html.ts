// Office files rendered to HTML in the browser (decision 052): an online office viewer would have to
// fetch the file from the internet, which a self-hosted deployment's storage does not allow. Word
// (.docx) goes through mammoth, Excel (.xlsx/.xlsm/.xls) through SheetJS; both load only when needed.
import { extensionOf } from "@/shared/files/rules";

/** Old binary Word (.doc) and PowerPoint have no in-browser renderer here: they show "Preview not available". */
export const canRenderOffice = (fileName: string) => ["docx", "xlsx", "xlsm", "xls"].includes(extensionOf(fileName));

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
  const XLSX = await import("xlsx");
  const book = XLSX.read(bytes, { type: "array" });
  return book.SheetNames.map(
    (name) => `<h2>${escapeHtml(name)}</h2>${XLSX.utils.sheet_to_html(book.Sheets[name]!, { header: "", footer: "" })}`,
  ).join("");
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The rendered document inside a sandboxed frame: no scripts run, whatever the file held. */
export const officeFrameDocument = (html: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><style>body{font:14px/1.5 system-ui,sans-serif;margin:16px;color:#111}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:2px 6px}img{max-width:100%}</style></head><body>${html}</body></html>`;
