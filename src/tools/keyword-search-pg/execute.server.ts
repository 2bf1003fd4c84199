// keyword_search_pg: full-text search over the table's text columns (or its tsvector column), best
// ts_rank_cd first, on the organisation's PostgreSQL in a read-only transaction.
import { withReadOnlyPostgres } from "../../server/providers/postgres-read-only";
import { searchResult } from "../../server/pg-search/items";
import { keywordSearch } from "../../server/pg-search/search";
import { findTable } from "../../server/pg-search/table";
import type { ToolExecutor } from "../executor.server";
import type { keywordSearchPg } from "./definition";

export const execute: ToolExecutor<typeof keywordSearchPg> = (input, ctx) =>
  withReadOnlyPostgres(ctx, async (client) => {
    const table = await findTable(client, input.table_name);
    return searchResult(await keywordSearch(client, table, input.keyword, input.top_k));
  });
