// perplexity_deep_research: Perplexity's "sonar-deep-research" model, which searches many sources and
// writes a cited report; it may take up to 5 minutes (TOOLCARD-16). The result carries the report, its
// citations, what the research used and the pages it read (TOOL-12). Every failure is an error result
// "Failed to complete deep research on "{query}": …" (TOOLCARD-31, the query cut as in TOOLCARD-17).
import { askSonar } from "../../server/web-search/perplexity";
import { reasonOf } from "../../server/web-search/service-call";
import { toolError, type ToolExecutor } from "../executor.server";
import { DEEP_RESEARCH_TIMEOUT_MS, type perplexityDeepResearch } from "./definition";

/** Mutable for tests; the tool's own limit (definition.timeoutMs) also stops the call at 5 minutes. */
export const DEEP_RESEARCH_LIMITS = { timeoutMs: DEEP_RESEARCH_TIMEOUT_MS };

export const execute: ToolExecutor<typeof perplexityDeepResearch> = async (input, ctx) => {
  try {
    const answer = await askSonar({
      orgId: ctx.orgId,
      model: "sonar-deep-research",
      query: input.query,
      timeoutMs: DEEP_RESEARCH_LIMITS.timeoutMs,
      signal: ctx.abortSignal,
    });
    return {
      status: "success",
      message: answer.message,
      citations: answer.citations,
      usage: answer.usage,
      searchResults: answer.searchResults,
    };
  } catch (err) {
    return toolError(`Failed to complete deep research on "${input.query.slice(0, 150)}": ${reasonOf(err)}`);
  }
};
