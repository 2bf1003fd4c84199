// hybrid_search_pg: the semantic and the full-text rankings of the table fused by reciprocal rank, on
// the organisation's PostgreSQL in a read-only transaction.
import { withReadOnlyPostgres } from "../../server/providers/postgres-read-only";
import { searchDocument, searchResult } from "../../server/pg-search/items";
import { hybridSearch } from "../../server/pg-search/search";
import { findTable } from "../../server/pg-search/table";
import { vectorQuery } from "../../server/pg-search/vector";
import type { ToolExecutor } from "../executor.server";
import type { hybridSearchPg } from "./definition";

export const execute: ToolExecutor<typeof hybridSearchPg> = (input, ctx) =>
  withReadOnlyPostgres(ctx, async (client) => {
    const table = await findTable(client, input.table_name);
    searchDocument(table); // a table without text is refused before the query is embedded
    const vector = await vectorQuery(client, table, input.query, ctx);
    return searchResult(await hybridSearch(client, table, input.query, vector, input.top_k));
  });
