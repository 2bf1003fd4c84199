// A1 notation pieces the Sheets tools build ranges from.

/** "Sales 2024" → "'Sales 2024'!"; a quote inside is doubled, as Sheets expects. Empty without a tab. */
export const tabPrefix = (sheetName: string | undefined) => (sheetName ? `'${sheetName.replace(/'/g, "''")}'!` : "");

/** "A" → 0, "Z" → 25, "AA" → 26; null when the text is not 1 to 3 column letters. */
export function columnIndex(letters: string): number | null {
  if (!/^[A-Z]{1,3}$/i.test(letters)) return null;
  return [...letters.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
}

/**
 * Encodes a range for a URL path segment (":append" and friends are added after it). Dots are encoded too:
 * encodeURIComponent keeps them, and a range ".." would otherwise climb out of /values/ when the URL is resolved.
 */
export const rangePath = (range: string) => encodeURIComponent(range).replace(/\./g, "%2E");

/** Google's spreadsheet ids are letters, digits, "-" and "_": anything else never reaches a URL. */
export const SPREADSHEET_ID = /^[A-Za-z0-9_-]{1,200}$/;
