// What a search hit shows (TOOL-28): an optional title and the content, taken from the table's text
// columns by their names (docs/decisions/060). Expressions here read the table under the alias "t".
import { AppError } from "../errors";
import { quoteIdent, quoteLiteral } from "./sql-quote";
import { isText, isVector, type PgColumn, type PgTable } from "./table";

export interface SearchItem {
  title?: string;
  content: string;
}
export interface ItemRow {
  title: string | null;
  content: string | null;
}

/** Most characters of one item's content handed to the model (a row may hold a whole document). */
export const CONTENT_CAP = 8_000;

const TITLE_NAMES = ["title", "name", "heading", "headline", "subject"];
const CONTENT_NAMES = ["content", "text", "body", "chunk", "document", "page_content", "description", "summary"];

const col = (c: PgColumn) => `t.${quoteIdent(c.name)}`;
const named = (columns: PgColumn[], names: string[]) =>
  names.map((n) => columns.find((c) => c.name.toLowerCase() === n)).find((c) => c !== undefined);

export const noTextColumns = (table: PgTable) =>
  new AppError("bad_request", `Table ${table.display} has no text columns to search.`);

/** SELECT list for title and content. */
export function itemColumns(table: PgTable): string {
  const text = table.columns.filter(isText);
  const title = named(text, TITLE_NAMES);
  const content = named(text, CONTENT_NAMES);
  const rest = text.filter((c) => c !== title);
  let contentSql: string;
  if (content) contentSql = col(content);
  else if (rest.length > 0) contentSql = `concat_ws(E'\\n', ${rest.map(col).join(", ")})`;
  else {
    // No text besides the title: the row as JSON, without its vectors and search vectors.
    const hidden = table.columns.filter((c) => isVector(c) || c.type === "tsvector").map((c) => quoteLiteral(c.name));
    contentSql = `(to_jsonb(t) - ARRAY[${hidden.join(", ")}]::text[])::text`;
  }
  return `${title ? col(title) : "NULL"}::text AS title, left(coalesce(${contentSql}, ''), ${CONTENT_CAP}) AS content`;
}

/** The text full-text search reads: the table's tsvector column, else its text columns together. */
export function searchDocument(table: PgTable): string {
  const tsvector = table.columns.find((c) => c.type === "tsvector");
  if (tsvector) return col(tsvector);
  const text = table.columns.filter(isText);
  if (text.length === 0) throw noTextColumns(table);
  return `to_tsvector(concat_ws(' ', ${text.map(col).join(", ")}))`;
}

export const toItem = (r: ItemRow): SearchItem => ({
  ...(r.title ? { title: r.title } : {}),
  content: r.content ?? "",
});

/** The tools' success result: the items as JSON text in content, which the card and the model read. */
export const searchResult = (items: SearchItem[]) => ({ status: "success" as const, content: JSON.stringify(items) });
