// Scores the catalogue's tables against a plain-words query: a word in the table's name counts most,
// then in its comment or a column's name, then in a column's comment. Tables that match no word are
// left out.

/** One INFORMATION_SCHEMA row: schema, table, type, row count, table comment, column, type, column comment. */
export type CatalogueRow = [string, string, string, string | null, string | null, string, string, string | null];

export interface TableInfo {
  table_info: {
    table: string;
    type: string;
    row_count: number | null;
    comment: string | null;
    columns: Array<{ name: string; type: string; comment: string | null }>;
  };
}

const STOP = new Set([
  "the",
  "and",
  "for",
  "with",
  "from",
  "by",
  "of",
  "in",
  "on",
  "a",
  "an",
  "to",
  "per",
  "data",
  "table",
  "tables",
]);

const words = (query: string) =>
  [
    ...new Set(
      query
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter((w) => w.length > 1 && !STOP.has(w)),
    ),
  ].slice(0, 12);

const has = (text: string | null | undefined, word: string) =>
  (text ?? "").toLowerCase().replace(/_/g, " ").includes(word);

const nullish = (v: string | null) => (v === null || v === "NULL" ? null : v);

export function rankTables(query: string, rows: CatalogueRow[], database: string): TableInfo[] {
  const tables = new Map<string, TableInfo["table_info"]>();
  for (const [schema, table, type, count, comment, column, dataType, columnComment] of rows) {
    const key = `${database}.${schema}.${table}`;
    let info = tables.get(key);
    if (!info) {
      const n = nullish(count);
      info = { table: key, type, row_count: n === null ? null : Number(n), comment: nullish(comment), columns: [] };
      tables.set(key, info);
    }
    info.columns.push({ name: column, type: dataType, comment: nullish(columnComment) });
  }
  const terms = words(query);
  const score = (t: TableInfo["table_info"]) =>
    terms.reduce((sum, w) => {
      const name = has(t.table.split(".").pop(), w) ? 5 : 0;
      const comment = has(t.comment, w) ? 3 : 0;
      const column = t.columns.some((c) => has(c.name, w)) ? 3 : 0;
      const columnComment = t.columns.some((c) => has(c.comment, w)) ? 1 : 0;
      return sum + name + comment + column + columnComment;
    }, 0);
  return [...tables.values()]
    .map((t) => ({ t, s: score(t) }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || a.t.table.localeCompare(b.t.table))
    .map(({ t }) => ({ table_info: t }));
}
