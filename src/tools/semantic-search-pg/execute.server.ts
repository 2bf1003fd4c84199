// semantic_search_pg: the rows whose pgvector column is nearest to the query, embedded by the
// organisation's default embedding model, on its PostgreSQL in a read-only transaction.
import { withReadOnlyPostgres } from "../../server/providers/postgres-read-only";
import { searchResult } from "../../server/pg-search/items";
import { semanticSearch } from "../../server/pg-search/search";
import { findTable } from "../../server/pg-search/table";
import { vectorQuery } from "../../server/pg-search/vector";
import type { ToolExecutor } from "../executor.server";
import type { semanticSearchPg } from "./definition";

export const execute: ToolExecutor<typeof semanticSearchPg> = (input, ctx) =>
  withReadOnlyPostgres(ctx, async (client) => {
    const table = await findTable(client, input.table_name);
    const vector = await vectorQuery(client, table, input.query, ctx);
    return searchResult(await semanticSearch(client, table, vector, input.top_k));
  });
