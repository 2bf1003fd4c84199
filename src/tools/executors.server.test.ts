// Per-tool time limits of the server executors (chat spec §9).
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ToolContext, ToolExecutor, ToolResult } from "./executor.server";
import { toolExecutors, withToolTimeout } from "./executors.server";
import { DEEP_RESEARCH_TIMEOUT_MS, perplexityDeepResearch } from "./perplexity-deep-research/definition";
import { toolDefinitions } from "./registry";
import { scrapeUrl } from "./scrape-url/definition";

const ctx = { abortSignal: new AbortController().signal } as ToolContext;
afterEach(() => vi.useRealTimers());

/** A stand-in deep research run that answers after `ms` unless its signal aborts first. */
const researchTaking =
  (ms: number, seen: { signal?: AbortSignal }): ToolExecutor =>
  async (_input, c) => {
    seen.signal = c.abortSignal;
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { status: "success", message: "report", citations: [] };
  };

describe("tool time limits", () => {
  it("[TOOLCARD-16] deep research may run for up to 5 minutes, then the model gets a timeout error and the run is aborted", async () => {
    vi.useFakeTimers();
    expect(DEEP_RESEARCH_TIMEOUT_MS).toBe(5 * 60 * 1000);
    expect(perplexityDeepResearch.timeoutMs).toBe(DEEP_RESEARCH_TIMEOUT_MS);

    const quick: { signal?: AbortSignal } = {};
    const finished = withToolTimeout(perplexityDeepResearch, researchTaking(DEEP_RESEARCH_TIMEOUT_MS - 1000, quick))(
      { query: "q" },
      ctx,
    );
    await vi.advanceTimersByTimeAsync(DEEP_RESEARCH_TIMEOUT_MS - 1000);
    expect(await finished).toMatchObject({ status: "success", message: "report" });
    expect(quick.signal?.aborted).toBe(false);

    const slow: { signal?: AbortSignal } = {};
    let result: ToolResult | undefined;
    void withToolTimeout(perplexityDeepResearch, researchTaking(DEEP_RESEARCH_TIMEOUT_MS + 60_000, slow))(
      { query: "q" },
      ctx,
    ).then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(DEEP_RESEARCH_TIMEOUT_MS - 1);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toEqual({ status: "error", error: "The perplexity_deep_research tool timed out after 300 s." });
    expect(slow.signal?.aborted).toBe(true);
  });

  it("tools without a limit of their own run as they are", () => {
    const executor: ToolExecutor = async () => ({ status: "success", content: "ok" });
    expect(withToolTimeout(scrapeUrl, executor)).toBe(executor);
  });

  it("every tool of the catalogue has an executor from its folder; unbuilt ones answer not available, never a success", async () => {
    expect(Object.keys(toolExecutors).sort()).toEqual(toolDefinitions.map((d) => d.name).sort());
    expect(await toolExecutors.save_chemready_bid_estimate!({}, ctx)).toEqual({
      status: "error",
      error: "The save_chemready_bid_estimate tool is not available yet on this server.",
    });
  });
});
