import { z } from "zod";
import { defineTool } from "../define-tool";
import { text } from "../schema-parts";

/** TOOLCARD-16: deep research may run for up to 5 minutes before the server gives up on it. */
export const DEEP_RESEARCH_TIMEOUT_MS = 5 * 60 * 1000;

// Result: message, citations, usage and searchResults (TOOL-12, ./result.ts).
export const perplexityDeepResearch = defineTool({
  name: "perplexity_deep_research",
  displayName: "Deep Research",
  description: "Research a topic in depth across many web sources (takes up to a few minutes) and return a cited report.",
  category: "Web & Search",
  input: z.object({
    query: text("The research question or topic, with any scope, period or angle to focus on."),
  }),
});
