// The semantic side of the Postgres searches: the table's pgvector column, the query embedded by the
// organisation's default embedding model, and the distance its index was built for.
import type pg from "pg";
import { embedWithDefaultModel } from "../ai/default-embedding";
import { AppError } from "../errors";
import { quoteIdent } from "./sql-quote";
import { isVector, type PgColumn, type PgTable } from "./table";

export interface VectorQuery {
  /** ORDER BY expression, nearest first; $1 is the query vector. */
  distance: string;
  /** The query vector as pgvector's text form, for $1. */
  param: string;
  column: PgColumn;
}

export const noVectorColumn = (table: PgTable) =>
  new AppError(
    "bad_request",
    `Table ${table.display} has no vector column (pgvector), so it cannot be searched by meaning. Use keyword_search_pg instead.`,
  );

/** The operator of the index's operator class (an index only serves its own distance); cosine otherwise. */
function operatorFor(opclass: string | null): string {
  if (opclass?.endsWith("_l2_ops")) return "<->";
  if (opclass?.endsWith("_ip_ops")) return "<#>";
  if (opclass?.endsWith("_l1_ops")) return "<+>";
  return "<=>";
}

/** The vector column to search: one named embedding, else the first. */
export function vectorColumn(table: PgTable): PgColumn {
  const vectors = table.columns.filter(isVector);
  const column = vectors.find((c) => c.name.toLowerCase() === "embedding") ?? vectors[0];
  if (!column) throw noVectorColumn(table);
  return column;
}

async function storedDims(client: pg.Client, table: PgTable, column: PgColumn): Promise<number | null> {
  if (column.dims) return column.dims;
  // A column declared without dimensions: its rows say what they hold.
  const { rows } = await client.query<{ dims: number }>(
    `SELECT ${quoteIdent(column.typeSchema)}.vector_dims(t.${quoteIdent(column.name)}) AS dims
       FROM ${table.sql} AS t WHERE t.${quoteIdent(column.name)} IS NOT NULL LIMIT 1`,
  );
  return rows[0]?.dims ?? null;
}

/** Embeds `query` for `table`'s vector column, refusing when the dimensions differ. */
export async function vectorQuery(
  client: pg.Client,
  table: PgTable,
  query: string,
  ctx: { orgId: string; abortSignal: AbortSignal },
): Promise<VectorQuery> {
  const column = vectorColumn(table);
  const { modelKey, embedding } = await embedWithDefaultModel({
    orgId: ctx.orgId,
    text: query,
    abortSignal: ctx.abortSignal,
  });
  const dims = await storedDims(client, table, column);
  if (dims !== null && dims !== embedding.length)
    throw new AppError(
      "bad_request",
      `The vector column ${column.name} of ${table.display} holds ${dims}-dimension vectors, but the default embedding model (${modelKey}) makes ${embedding.length}-dimension vectors. Choose a default embedding model of ${dims} dimensions, or search this table with keyword_search_pg.`,
    );
  const schema = quoteIdent(column.typeSchema);
  return {
    column,
    distance: `t.${quoteIdent(column.name)} OPERATOR(${schema}.${operatorFor(column.indexOpclass)}) $1::${schema}.${quoteIdent(column.type)}`,
    param: JSON.stringify(embedding),
  };
}
