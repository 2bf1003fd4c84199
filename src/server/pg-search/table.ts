// The table a Postgres search names, found in pg_catalog: its quoted name and its columns. The model's
// table_name is parsed here and only ever sent as a bound parameter; the SQL the searches build uses the
// names the catalog returned, quoted (docs/decisions/060).
import type pg from "pg";
import { AppError } from "../errors";
import { quoteIdent } from "./sql-quote";

export interface PgColumn {
  name: string;
  /** pg_type.typname: text, varchar, vector, halfvec, tsvector … */
  type: string;
  /** Schema of the column's type (where pgvector's type and operators live). */
  typeSchema: string;
  /** A vector's declared dimensions, or null when the column does not declare them. */
  dims: number | null;
  /** The operator class of an index on the column, when one exists (a vector index fixes the distance). */
  indexOpclass: string | null;
}

export interface PgTable {
  /** schema.table as the catalog names it, for messages. */
  display: string;
  /** "schema"."table", safe to put in SQL. */
  sql: string;
  columns: PgColumn[];
}

/** "docs", "public.docs", "\"My Docs\"": unquoted parts fold to lower case, as in SQL; anything else is refused. */
export function parseTableName(input: string): { name: string; quoted: boolean }[] {
  const parts: { name: string; quoted: boolean }[] = [];
  let rest = input.trim();
  for (;;) {
    const quoted = /^"((?:[^"]|"")+)"/.exec(rest);
    const bare = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(rest);
    if (quoted) parts.push({ name: quoted[1]!.replaceAll('""', '"'), quoted: true });
    else if (bare) parts.push({ name: bare[0], quoted: false });
    else break;
    rest = rest.slice((quoted ?? bare)![0].length);
    if (!rest.startsWith(".")) break;
    rest = rest.slice(1);
  }
  if (rest !== "" || parts.length === 0 || parts.length > 2)
    throw new AppError(
      "bad_request",
      `"${input}" is not a table name. Give a table, optionally with its schema (e.g. public.documents).`,
    );
  return parts;
}

const TEXT_TYPES = new Set(["text", "varchar", "bpchar", "citext", "name"]);
export const VECTOR_TYPES = new Set(["vector", "halfvec"]);
export const isText = (c: PgColumn) => TEXT_TYPES.has(c.type);
export const isVector = (c: PgColumn) => VECTOR_TYPES.has(c.type);

async function lookup(client: pg.Client, qualified: string): Promise<number | null> {
  const { rows } = await client.query<{ oid: number | null }>("SELECT to_regclass($1)::oid AS oid", [qualified]);
  return rows[0]?.oid ?? null;
}

/** The table (or view) `tableName` names, as the connected user's search_path resolves it. */
export async function findTable(client: pg.Client, tableName: string): Promise<PgTable> {
  const parts = parseTableName(tableName);
  const raw = parts.map((p) => p.name);
  // SQL folds unquoted names to lower case; a table created with capitals is still found by its exact name.
  const folded = parts.map((p) => (p.quoted ? p.name : p.name.toLowerCase()));
  const oid =
    (await lookup(client, folded.map(quoteIdent).join("."))) ??
    (folded.join(".") !== raw.join(".") ? await lookup(client, raw.map(quoteIdent).join(".")) : null);
  const { rows: rel } = oid
    ? await client.query<{ schema: string; name: string }>(
        `SELECT n.nspname AS schema, c.relname AS name FROM pg_catalog.pg_class c
           JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
          WHERE c.oid = $1 AND c.relkind IN ('r', 'v', 'm', 'p', 'f')`,
        [oid],
      )
    : { rows: [] };
  if (!rel[0])
    throw new AppError("bad_request", `Table ${tableName} was not found (or the connected user cannot see it).`);
  const { rows: columns } = await client.query<PgColumn>(
    `SELECT a.attname AS name, t.typname AS type, tn.nspname AS "typeSchema",
            CASE WHEN t.typname IN ('vector', 'halfvec') AND a.atttypmod > 0 THEN a.atttypmod END AS dims,
            (SELECT oc.opcname FROM pg_catalog.pg_index i JOIN pg_catalog.pg_opclass oc ON oc.oid = i.indclass[0]
              WHERE i.indrelid = a.attrelid AND i.indkey[0] = a.attnum LIMIT 1) AS "indexOpclass"
       FROM pg_catalog.pg_attribute a
       JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
       JOIN pg_catalog.pg_namespace tn ON tn.oid = t.typnamespace
      WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY a.attnum`,
    [oid],
  );
  return {
    display: `${rel[0].schema}.${rel[0].name}`,
    sql: `${quoteIdent(rel[0].schema)}.${quoteIdent(rel[0].name)}`,
    columns,
  };
}
