// The three searches over a found table: full-text, nearest vectors (optionally filtered), and the two
// fused by reciprocal rank. Each runs inside the caller's read-only transaction.
import type pg from "pg";
import { itemColumns, searchDocument, toItem, type ItemRow, type SearchItem } from "./items";
import { quoteIdent } from "./sql-quote";
import type { PgTable } from "./table";
import type { VectorQuery } from "./vector";

/** Reciprocal rank fusion's constant (Cormack et al.; the value most systems use). */
export const RRF_K = 60;

export async function keywordSearch(client: pg.Client, table: PgTable, keyword: string, topK: number) {
  const doc = searchDocument(table);
  const { rows } = await client.query<ItemRow>(
    `SELECT ${itemColumns(table)}
       FROM ${table.sql} AS t, websearch_to_tsquery($1) AS q
      WHERE ${doc} @@ q
      ORDER BY ts_rank_cd(${doc}, q) DESC
      LIMIT $2`,
    [keyword, topK],
  );
  return rows.map(toItem);
}

/** Nearest rows to the query vector; `filter` is SQL already checked by renderWhereClause. */
export async function semanticSearch(
  client: pg.Client,
  table: PgTable,
  vector: VectorQuery,
  topK: number,
  filter?: string,
) {
  const { rows } = await client.query<ItemRow>(
    `SELECT ${itemColumns(table)}
       FROM ${table.sql} AS t
      WHERE t.${quoteIdent(vector.column.name)} IS NOT NULL${filter ? ` AND (${filter})` : ""}
      ORDER BY ${vector.distance}
      LIMIT $2`,
    [vector.param, topK],
  );
  return rows.map(toItem);
}

/** Both rankings of a deeper pool, fused: each item scores the sum of 1 / (RRF_K + rank) over the lists. */
export async function hybridSearch(
  client: pg.Client,
  table: PgTable,
  query: string,
  vector: VectorQuery,
  topK: number,
) {
  const pool = Math.min(topK * 4, 200);
  const lists = [await semanticSearch(client, table, vector, pool), await keywordSearch(client, table, query, pool)];
  const fused = new Map<string, { item: SearchItem; score: number }>();
  for (const list of lists)
    list.forEach((item, rank) => {
      // Rows that read the same are one result to the reader.
      const key = JSON.stringify([item.title ?? null, item.content]);
      const entry = fused.get(key) ?? { item, score: 0 };
      entry.score += 1 / (RRF_K + rank + 1);
      fused.set(key, entry);
    });
  return [...fused.values()]
    .sort((a, b) => b.score - a.score)
    .slice(0, topK)
    .map((e) => e.item);
}
