import { describe, expect, it } from "vitest";
import { PRELOAD_RELOAD_COOLDOWN_MS, shouldReloadAfterPreloadError } from "./preload-error";

describe("chunk preload errors", () => {
  it("[ERR-06] the first failed chunk load reloads the page", () => {
    expect(shouldReloadAfterPreloadError(null, 1_000_000)).toBe(true);
  });

  it("[ERR-06] a second failure right after a reload does not reload again (no loop)", () => {
    const now = 1_000_000;
    expect(shouldReloadAfterPreloadError(now - 500, now)).toBe(false);
    expect(shouldReloadAfterPreloadError(now - PRELOAD_RELOAD_COOLDOWN_MS - 1, now)).toBe(true);
  });
});
