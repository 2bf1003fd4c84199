// Per-tool time limits of the server executors (chat spec §9).
import { readFile } from "node:fs/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { notAvailableYet, type ToolContext, type ToolExecutor, type ToolResult } from "./executor.server";
import { loadToolExecutor, toolExecutors, withToolTimeout } from "./executors.server";
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

  it("every tool of the catalogue has an executor from its folder, and every one is built (none answers not available yet)", async () => {
    expect(Object.keys(toolExecutors).sort()).toEqual(toolDefinitions.map((d) => d.name).sort());
    for (const def of toolDefinitions) {
      // Loaded with the tool's first call (decision 113): each folder's module loads and exports execute.
      expect(typeof (await loadToolExecutor(def)), def.name).toBe("function");
      const source = await readFile(
        new URL(`./${def.name.replaceAll("_", "-")}/execute.server.ts`, import.meta.url),
        "utf8",
      );
      expect(source, def.name).not.toContain("notAvailableYet(");
    }
    // The helper a future tool starts from still answers an error, never a fake success.
    expect(await notAvailableYet(scrapeUrl)({}, ctx)).toEqual({
      status: "error",
      error: "The scrape_url tool is not available yet on this server.",
    });
  });
});
