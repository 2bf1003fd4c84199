// read_google_sheet: values.get on a row range of the spreadsheet, through the Google account the
// calling user linked (decision 063). Rows come back as arrays of cells; `columns` keeps only the named
// ones (a header of the first row, else a column letter), in the order asked. At most READ_LIMITS.maxRows
// rows are returned, the range asked for one more so that a cut is told, never silent.
import { AppError } from "../../server/errors";
import { sheetsCall } from "../../server/google/sheets-api";
import { linkFieldsOf } from "../../server/google/access-token";
import { columnIndex, rangePath, tabPrefix } from "../../server/google/a1";
import { toolError, type ToolExecutor } from "../executor.server";
import type { readGoogleSheet } from "./definition";

export const READ_LIMITS = { maxRows: 1000 };
export const READ_ERROR = "Error reading Google Sheet: ";

interface ValueRange {
  range: string;
  majorDimension?: string;
  values?: unknown[][];
}

const get = (userId: string, sheetId: string, range: string, signal: AbortSignal) =>
  sheetsCall<ValueRange>({
    userId,
    spreadsheetId: sheetId,
    path: `values/${rangePath(range)}?majorDimension=ROWS`,
    signal,
  });

/** Each asked-for column's index: a header of the first row (case and spaces aside) wins over a letter. */
function resolveColumns(asked: string[], header: unknown[]): number[] {
  const names = header.map((h) =>
    String(h ?? "")
      .trim()
      .toLowerCase(),
  );
  return asked.map((name) => {
    const byHeader = names.indexOf(name.trim().toLowerCase());
    if (byHeader >= 0) return byHeader;
    const byLetter = columnIndex(name.trim());
    if (byLetter !== null) return byLetter;
    const known = header.map(String).filter(Boolean);
    throw new AppError("bad_request", `No column named "${name}" (columns: ${known.join(", ") || "none"})`);
  });
}

export const execute: ToolExecutor<typeof readGoogleSheet> = async (input, ctx) => {
  const start = input.startRow ?? 1;
  if (input.endRow !== undefined && input.endRow < start)
    return toolError(`${READ_ERROR}endRow (${input.endRow}) is before startRow (${start})`);
  const max = READ_LIMITS.maxRows;
  const last = Math.min(input.endRow ?? Number.MAX_SAFE_INTEGER, start + max);
  const tab = tabPrefix(input.sheet_name);
  try {
    const data = await get(ctx.user.id, input.sheet_id, `${tab}${start}:${last}`, ctx.abortSignal);
    let values = data.values ?? [];
    const cut = values.length > max;
    values = values.slice(0, max);
    if (input.columns?.length) {
      const header =
        start === 1
          ? (values[0] ?? [])
          : ((await get(ctx.user.id, input.sheet_id, `${tab}1:1`, ctx.abortSignal)).values?.[0] ?? []);
      const picked = resolveColumns(input.columns, header);
      values = values.map((row) => picked.map((i) => row[i] ?? ""));
    }
    return {
      status: "success",
      range: data.range,
      values,
      ...(input.columns?.length ? { columns: input.columns } : {}),
      ...(cut ? { message: `Showing the first ${max} rows: ask for the next rows with startRow ${start + max}.` } : {}),
    };
  } catch (err) {
    if (ctx.abortSignal.aborted) return toolError(`${READ_ERROR}the request was cancelled.`);
    return toolError(`${READ_ERROR}${err instanceof Error ? err.message : String(err)}`, linkFieldsOf(err));
  }
};
