// TOOL-22/23: SQL results as a table. Snowflake headers are arrays led by the column name and its rows
// are arrays; Postgres rows are objects keyed by header. null reads NULL; an empty result says so.
import type { PostgresSqlResult } from "@/tools/postgres-sql/result";
import type { SnowflakeSqlResult } from "@/tools/snowflake-sql/result";
import { LongText } from "../long-text";
import { Notice } from "./notice";
import { EMPTY_ROWS, RESULT_TEXT_CUT, cut } from "./text";

/** The card shows this many rows; the model still got them all. */
export const MAX_TABLE_ROWS = 100;

const cell = (value: unknown) => {
  if (value === null) return "NULL";
  if (value === undefined) return "";
  return cut(typeof value === "object" ? JSON.stringify(value) : String(value), RESULT_TEXT_CUT);
};

function DataTable({ columns, rows }: { columns: string[]; rows: unknown[][] }) {
  if (rows.length === 0) return <Notice>{EMPTY_ROWS}</Notice>;
  return (
    <>
      <div className="max-h-[24rem] overflow-auto rounded-md border">
        <table className="w-full border-collapse text-xs [&_td]:border-t [&_td]:px-2 [&_td]:py-1 [&_td]:align-top [&_th]:px-2 [&_th]:py-1 [&_th]:text-left">
          <thead className="sticky top-0 bg-muted">
            <tr>
              {columns.map((c, i) => (
                <th key={i} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, MAX_TABLE_ROWS).map((row, r) => (
              <tr key={r}>
                {columns.map((_, c) => (
                  <td key={c}>{cell(row[c])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > MAX_TABLE_ROWS && (
        <Notice>
          Showing the first {MAX_TABLE_ROWS} of {rows.length} rows.
        </Notice>
      )}
    </>
  );
}

export function SnowflakeSqlView({ data }: { data: SnowflakeSqlResult }) {
  return <DataTable columns={data.headers.map((h) => h[0])} rows={data.rows} />;
}

export function PostgresSqlView({ data }: { data: PostgresSqlResult }) {
  return (
    <>
      {data.message && <LongText value={data.message} />}
      <DataTable columns={data.headers} rows={data.rows.map((row) => data.headers.map((h) => row[h]))} />
    </>
  );
}
