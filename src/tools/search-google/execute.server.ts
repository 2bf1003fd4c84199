// search_google: the top web results for a query, each a title, link and snippet (TOOL-09), from Google
// Programmable Search or the operator's SearXNG (./engines.server.ts). Every failure, not being set up
// included, is an error result "Error searching Google: …" (decision 071).
import { reasonOf } from "../../server/web-search/service-call";
import { toolError, type ToolExecutor } from "../executor.server";
import type { searchGoogle } from "./definition";
import { searchWeb } from "./engines.server";

/** Longest one search may take (mutable for tests). */
export const SEARCH_GOOGLE_LIMITS = { timeoutMs: 20_000 };

export const SEARCH_GOOGLE_ERROR = "Error searching Google: ";

export const execute: ToolExecutor<typeof searchGoogle> = async (input, ctx) => {
  try {
    const results = await searchWeb({
      orgId: ctx.orgId,
      query: input.query,
      timeoutMs: SEARCH_GOOGLE_LIMITS.timeoutMs,
      signal: ctx.abortSignal,
    });
    return { status: "success", query: input.query, results };
  } catch (err) {
    return toolError(`${SEARCH_GOOGLE_ERROR}${reasonOf(err)}`);
  }
};
