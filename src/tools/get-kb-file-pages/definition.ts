import { z } from "zod";
import { defineTool } from "../define-tool";
import { fileId, knowledgeBaseId, text } from "../schema-parts";

export const MAX_PAGES_PER_CALL = 20;

// Result: file, pages, text and page images (page, key) (TOOL-35).
export const getKbFilePages = defineTool({
  name: "get_kb_file_pages",
  displayName: "Get Knowledge Base File Pages",
  description:
    "Fetch the full text and images of chosen pages of a knowledge-base file, such as the pages a search result pointed to.",
  category: "Data & Analytics",
  isPrivate: true,
  input: z.object({
    knowledge_base_id: knowledgeBaseId.describe("Knowledge base that holds the file."),
    file_id: fileId.describe("Id of the knowledge-base file."),
    file_name: text("Name of the file, as shown in search results."),
    pages: z
      .array(z.number().int().min(1))
      .min(1)
      .max(MAX_PAGES_PER_CALL)
      .describe(`Page numbers to fetch, 1-based (at most ${MAX_PAGES_PER_CALL}).`),
  }),
});
