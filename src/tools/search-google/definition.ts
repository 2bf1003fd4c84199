import { z } from "zod";
import { defineTool } from "../define-tool";
import { text } from "../schema-parts";

export const searchGoogle = defineTool({
  name: "search_google",
  displayName: "Google Search",
  description: "Search Google and return the top web results (title, link and snippet) for a query.",
  category: "Web & Search",
  recommended: true,
  input: z.object({
    query: text("The search query, as you would type it into Google."),
  }),
});
