// CSV cells for the interactions export (RFC 4180), guarded against formula injection: a text cell that
// a spreadsheet would read as a formula (= + - @, or a leading tab / carriage return) gets a leading
// apostrophe, which spreadsheets show as text (OWASP "CSV injection").
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: (string | number | boolean | null | undefined)[]) =>
  cells.map(csvCell).join(",") + "\r\n";
