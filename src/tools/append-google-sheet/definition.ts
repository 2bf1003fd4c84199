import { z } from "zod";
import { defineTool } from "../define-tool";
import { prefixedError } from "../status-parts";
import { text } from "../schema-parts";

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const appendGoogleSheet = defineTool({
  name: "append_google_sheet",
  displayName: "Append to Google Sheet",
  description: "Append rows to the end of a table in a Google Sheets spreadsheet.",
  category: "Data & Analytics",
  requiredIntegration: "google-sheets",
  statusLine: ({ ok, result }) =>
    ok ? "Appended to Google Sheet" : prefixedError("Error appending to Google Sheet: ", result),
  input: z.object({
    sheet_id: text("Spreadsheet id, the long id in the sheet's URL after /d/."),
    sheet_name: z.string().trim().min(1).optional().describe("Tab to append to; omit for the first tab."),
    values: z.array(z.array(cell)).min(1).describe("Rows to append, each an array of cell values in column order."),
    range: z
      .string()
      .trim()
      .min(1)
      .default("A:A")
      .describe("A1 range whose table the rows are appended after (default A:A)."),
  }),
});
