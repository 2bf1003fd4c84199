// The Google Sheets tools' Outputs (decision 100). read_google_sheet: the range read, then its cells as a
// grid labelled like the sheet (row numbers from the range, column letters, or the picked columns' names);
// empty cells stay empty and each cell is cut at 200 characters (TOOLCARD-13), the first MAX_TABLE_ROWS rows
// shown. append_google_sheet: what Google says it wrote.
import type { AppendGoogleSheetResult } from "@/tools/append-google-sheet/result";
import type { ReadGoogleSheetResult } from "@/tools/read-google-sheet/result";
import { MAX_TABLE_ROWS } from "./data-table";
import { Notice } from "./notice";
import { EMPTY_ROWS, RESULT_TEXT_CUT, cut } from "./text";

/** 0 → "A", 25 → "Z", 26 → "AA". */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = "";
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** Where an A1 range starts: "'Q1 sales'!B3:D9" → { column: 1, row: 3 }; a missing part defaults to A / 1. */
export function rangeStart(range: string): { column: number; row: number } {
  const cells = range.slice(range.lastIndexOf("!") + 1);
  const m = /^\$?([A-Za-z]{1,3})?\$?(\d+)?/.exec(cells);
  const letters = m?.[1]?.toUpperCase();
  const column = letters ? [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1 : 0;
  const row = m?.[2] ? Number(m[2]) : 1;
  return { column, row };
}

const cellText = (value: unknown) => {
  if (value === null || value === undefined) return "";
  return cut(typeof value === "object" ? JSON.stringify(value) : String(value), RESULT_TEXT_CUT);
};

export function ReadGoogleSheetView({ data }: { data: ReadGoogleSheetResult }) {
  const start = rangeStart(data.range);
  const width = Math.max(data.columns?.length ?? 0, ...data.values.map((r) => r.length));
  const headers = data.columns?.length
    ? data.columns
    : Array.from({ length: width }, (_, i) => columnLetters(start.column + i));
  return (
    <div className="space-y-2">
      <Notice>Range {data.range}</Notice>
      {data.message && <Notice warning>{data.message}</Notice>}
      {data.values.length === 0 ? (
        <Notice>{EMPTY_ROWS}</Notice>
      ) : (
        <>
          <div className="max-h-[24rem] overflow-auto rounded-md border">
            <table className="w-full border-collapse text-xs [&_td]:border-t [&_td]:px-2 [&_td]:py-1 [&_td]:align-top [&_th]:px-2 [&_th]:py-1 [&_th]:text-left">
              <thead className="sticky top-0 bg-muted">
                <tr>
                  <td aria-hidden="true" />
                  {headers.map((h, i) => (
                    <th key={i} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.values.slice(0, MAX_TABLE_ROWS).map((row, r) => (
                  <tr key={r}>
                    <th scope="row" className="font-normal text-muted-foreground">
                      {start.row + r}
                    </th>
                    {headers.map((_, c) => (
                      <td key={c}>{cellText(row[c])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.values.length > MAX_TABLE_ROWS && (
            <Notice>
              Showing the first {MAX_TABLE_ROWS} of {data.values.length} rows.
            </Notice>
          )}
        </>
      )}
    </div>
  );
}

export function AppendGoogleSheetView({ data }: { data: AppendGoogleSheetResult }) {
  const facts: Array<[string, string | number | null | undefined]> = [
    ["Updated range", data.updatedRange],
    ["Rows", data.updatedRows],
    ["Columns", data.updatedColumns],
    ["Cells", data.updatedCells],
    ["After table", data.tableRange],
  ];
  return (
    <div className="space-y-2 text-xs">
      <p>{data.content}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        {facts
          .filter(([, v]) => v !== null && v !== undefined)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="[overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
      </dl>
    </div>
  );
}
