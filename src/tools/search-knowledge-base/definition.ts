import { z } from "zod";
import { defineTool } from "../define-tool";
import { SEARCHING } from "../status-parts";
import { fileId, knowledgeBaseId, text, topK } from "../schema-parts";

// Which knowledge bases the agent may search is its tool config (accessibleKnowledgeBaseIds), not an argument.
export const searchKnowledgeBase = defineTool({
  name: "search_knowledge_base",
  displayName: "Search Knowledge Base",
  description:
    "Search the documents in this agent's knowledge bases and return the most relevant passages with their file and page numbers.",
  category: "Data & Analytics",
  progressVerb: SEARCHING,
  input: z.object({
    query: text("What to find, in natural language."),
    knowledge_base_id: knowledgeBaseId
      .optional()
      .describe("Knowledge base to search; omit to search every knowledge base this agent can access."),
    top_k: topK(10, 50),
    include_file_ids: z.array(fileId).optional().describe("Search only these files."),
    exclude_file_ids: z.array(fileId).optional().describe("Leave these files out of the search."),
  }),
});
