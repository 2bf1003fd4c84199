// append_google_sheet: values.append (valueInputOption USER_ENTERED, so "=SUM(A1:A3)" and "2024-01-31"
// are read as a person typing them would be) after the table found in `range`, on the tab named or the
// first one, through the Google account the calling user linked (decision 063).
import { sheetsCall } from "../../server/google/sheets-api";
import { linkFieldsOf } from "../../server/google/access-token";
import { rangePath, tabPrefix } from "../../server/google/a1";
import { toolError, type ToolExecutor } from "../executor.server";
import type { appendGoogleSheet } from "./definition";

export const APPEND_LIMITS = { maxRows: 10_000 };
export const APPEND_ERROR = "Error appending to Google Sheet: ";

interface AppendResponse {
  spreadsheetId: string;
  tableRange?: string;
  updates?: {
    spreadsheetId?: string;
    updatedRange?: string;
    updatedRows?: number;
    updatedColumns?: number;
    updatedCells?: number;
  };
}

export const execute: ToolExecutor<typeof appendGoogleSheet> = async (input, ctx) => {
  if (input.values.length > APPEND_LIMITS.maxRows)
    return toolError(`${APPEND_ERROR}at most ${APPEND_LIMITS.maxRows} rows can be appended at once`);
  // A range that names its own tab is used as given.
  const range = input.range.includes("!") ? input.range : `${tabPrefix(input.sheet_name)}${input.range}`;
  try {
    const res = await sheetsCall<AppendResponse>({
      userId: ctx.user.id,
      spreadsheetId: input.sheet_id,
      path: `values/${rangePath(range)}:append?valueInputOption=USER_ENTERED`,
      method: "POST",
      // Google skips null cells, which would shift the rest of the row left: an empty string keeps the column.
      body: { range, majorDimension: "ROWS", values: input.values.map((row) => row.map((v) => v ?? "")) },
      signal: ctx.abortSignal,
    });
    const u = res.updates ?? {};
    const rows = u.updatedRows ?? input.values.length;
    return {
      status: "success",
      content: `Appended ${rows} row${rows === 1 ? "" : "s"} to ${u.updatedRange ?? range}.`,
      tableRange: res.tableRange ?? null,
      updatedRange: u.updatedRange ?? null,
      updatedRows: rows,
      updatedColumns: u.updatedColumns ?? null,
      updatedCells: u.updatedCells ?? null,
    };
  } catch (err) {
    if (ctx.abortSignal.aborted) return toolError(`${APPEND_ERROR}the request was cancelled.`);
    return toolError(`${APPEND_ERROR}${err instanceof Error ? err.message : String(err)}`, linkFieldsOf(err));
  }
};
