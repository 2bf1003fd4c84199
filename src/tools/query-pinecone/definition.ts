import { z } from "zod";
import { defineTool } from "../define-tool";
import { SEARCHING, searchError } from "../status-parts";
import { text, topK } from "../schema-parts";

// Result: matches with score and metadata (TOOL-29).
export const queryPinecone = defineTool({
  name: "query_pinecone",
  displayName: "Query Pinecone",
  description: "Search the connected Pinecone vector index for the records closest in meaning to a query.",
  category: "Data & Analytics",
  requiredIntegration: "pinecone",
  progressVerb: SEARCHING,
  statusLine: ({ ok, result, displayName }) => (ok ? `Searched ${displayName}` : searchError(displayName, result)),
  input: z.object({
    query: text("What to find, in natural language."),
    namespace: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe("Index namespace to search; omit for the default namespace."),
    top_k: topK(5, 100),
  }),
});
