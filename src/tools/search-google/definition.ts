import { z } from "zod";
import { defineTool } from "../define-tool";
import { SEARCHING } from "../status-parts";
import { text } from "../schema-parts";

export const searchGoogle = defineTool({
  name: "search_google",
  displayName: "Google Search",
  description: "Search Google and return the top web results (title, link and snippet) for a query.",
  category: "Web & Search",
  recommended: true,
  progressVerb: SEARCHING,
  input: z.object({
    query: text("The search query, as you would type it into Google."),
  }),
});
