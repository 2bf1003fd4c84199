import { z } from "zod";
import { defineTool } from "../define-tool";
import { str } from "../status-parts";
import { text } from "../schema-parts";

/** TOOLCARD-16: deep research may run for up to 5 minutes before the server gives up on it. */
export const DEEP_RESEARCH_TIMEOUT_MS = 5 * 60 * 1000;

// Result: message, citations, usage and searchResults (TOOL-12, ./result.ts).
export const perplexityDeepResearch = defineTool({
  name: "perplexity_deep_research",
  displayName: "Deep Research",
  description:
    "Research a topic in depth across many web sources (takes up to a few minutes) and return a cited report.",
  category: "Web & Search",
  // TOOLCARD-17: the query is cut at 150 characters in the line.
  statusLine: ({ ok, args }) => {
    const q = str(args.query).slice(0, 150);
    return ok ? `Completed deep research on "${q}"` : `Failed to complete deep research on "${q}"`;
  },
  previewLength: 500,
  timeoutMs: DEEP_RESEARCH_TIMEOUT_MS,
  input: z.object({
    query: text("The research question or topic, with any scope, period or angle to focus on."),
  }),
});
