// ask_web: one question to Perplexity's "sonar" model; the answer and the URLs it cites (TOOL-11).
// Every failure, not being set up included, is an error result "Failed to get answer for "{query}": …"
// (TOOLCARD-30 with the reason).
import { askSonar } from "../../server/web-search/perplexity";
import { reasonOf } from "../../server/web-search/service-call";
import { toolError, type ToolExecutor } from "../executor.server";
import type { askWeb } from "./definition";

/** Longest one answer may take (mutable for tests): sonar usually answers within seconds. */
export const ASK_WEB_LIMITS = { timeoutMs: 90_000 };

export const execute: ToolExecutor<typeof askWeb> = async (input, ctx) => {
  try {
    const answer = await askSonar({
      orgId: ctx.orgId,
      model: "sonar",
      query: input.query,
      timeoutMs: ASK_WEB_LIMITS.timeoutMs,
      signal: ctx.abortSignal,
    });
    return { status: "success", message: answer.message, citations: answer.citations };
  } catch (err) {
    return toolError(`Failed to get answer for "${input.query}": ${reasonOf(err)}`);
  }
};
