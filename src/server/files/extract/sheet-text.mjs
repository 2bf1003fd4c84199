// An ExcelJS workbook as text: each sheet under "## Sheet: <name>", its rows as CSV (blank rows left
// out, short rows padded to the sheet's width), in the shape SheetJS's sheet_to_csv gave before.

/** The text a cell shows: formulas by their cached result, rich text joined, hyperlinks by their text. */
function cellText(value) {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().replace(/T00:00:00\.000Z$/, "");
  if (typeof value !== "object") return String(value);
  if ("result" in value) return cellText(value.result);
  if ("formula" in value || "sharedFormula" in value) return "";
  if (Array.isArray(value.richText)) return value.richText.map((run) => run.text ?? "").join("");
  if ("text" in value) return cellText(value.text);
  if ("error" in value) return String(value.error);
  return "";
}

const csvField = (text) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

export function sheetToCsv(sheet) {
  const width = sheet.columnCount;
  const lines = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const fields = [];
    for (let col = 1; col <= width; col++) fields.push(csvField(cellText(row.getCell(col).value)));
    if (fields.some(Boolean)) lines.push(fields.join(","));
  });
  return lines.join("\n");
}

export const workbookText = (book) =>
  book.worksheets.map((sheet) => `## Sheet: ${sheet.name}\n${sheetToCsv(sheet).trim()}`).join("\n\n");
