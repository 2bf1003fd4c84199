import { z } from "zod";
import { defineTool } from "../define-tool";
import { prefixedError } from "../status-parts";
import { text } from "../schema-parts";

const row = z.number().int().min(1);

export const readGoogleSheet = defineTool({
  name: "read_google_sheet",
  displayName: "Read Google Sheet",
  description: "Read rows from a Google Sheets spreadsheet, optionally limited to a row range and chosen columns.",
  category: "Data & Analytics",
  requiredIntegration: "google-sheets",
  statusLine: ({ ok, result }) => (ok ? "Read Google Sheet" : prefixedError("Error reading Google Sheet: ", result)),
  input: z.object({
    sheet_id: text("Spreadsheet id, the long id in the sheet's URL after /d/."),
    sheet_name: z.string().trim().min(1).optional().describe("Tab to read; omit for the first tab."),
    startRow: row.optional().describe("First row to read, 1-based (default the first row)."),
    endRow: row.optional().describe("Last row to read, inclusive (default the last row with data)."),
    columns: z
      .array(z.string().trim().min(1))
      .optional()
      .describe("Columns to return, as letters (A, B) or header names; omit for all columns."),
  }),
});
