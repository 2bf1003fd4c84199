// filter_and_search_pg: semantic_search_pg restricted to the rows where_clause admits. The clause is
// checked before anything is sent (a single boolean expression from an allow-list, decision 059), then
// against the table's columns, and runs rebuilt from its tokens inside the read-only transaction.
import { withReadOnlyPostgres } from "../../server/providers/postgres-read-only";
import { searchResult } from "../../server/pg-search/items";
import { semanticSearch } from "../../server/pg-search/search";
import { findTable } from "../../server/pg-search/table";
import { vectorQuery } from "../../server/pg-search/vector";
import { renderWhereClause, tokenizeWhereClause } from "../../server/pg-search/where-clause";
import { toolError, type ToolExecutor } from "../executor.server";
import type { filterAndSearchPg } from "./definition";

export const execute: ToolExecutor<typeof filterAndSearchPg> = async (input, ctx) => {
  let tokens;
  try {
    tokens = input.where_clause === undefined ? undefined : tokenizeWhereClause(input.where_clause);
  } catch (err) {
    return toolError((err as Error).message);
  }
  return withReadOnlyPostgres(ctx, async (client) => {
    const table = await findTable(client, input.table_name);
    const filter =
      tokens &&
      renderWhereClause(
        tokens,
        table.columns.map((c) => c.name),
        "t",
      );
    const vector = await vectorQuery(client, table, input.query, ctx);
    return searchResult(await semanticSearch(client, table, vector, input.top_k, filter));
  });
};
