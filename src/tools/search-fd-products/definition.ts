import { z } from "zod";
import { defineTool } from "../define-tool";
import { SEARCHING, prefixedError } from "../status-parts";
import { text } from "../schema-parts";

export const searchFdProducts = defineTool({
  name: "search_fd_products",
  displayName: "Search FD Products",
  description: "Search the FD product catalogue for a term and return matching products with their details.",
  category: "Web & Search",
  // Each outside call has its own 20 s limit; with comments a reply may take several.
  timeoutMs: 120_000,
  isPrivate: true,
  progressVerb: SEARCHING,
  statusLine: ({ ok, result }) =>
    ok ? "Searched FD products" : prefixedError("Error searching FD products: ", result),
  input: z.object({
    search_term: text("Product name, ingredient or keyword to search for."),
    pages: z.number().int().min(1).max(10).default(2).describe("How many result pages to fetch (1 to 10, default 2)."),
  }),
});
