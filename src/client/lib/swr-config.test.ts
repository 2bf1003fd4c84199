import { describe, expect, it } from "vitest";
import { retryDelay, swrConfig } from "./swr-config";

describe("SWR configuration", () => {
  it("[API-03] read calls revalidate on focus and on reconnect", () => {
    expect(swrConfig.revalidateOnFocus).toBe(true);
    expect(swrConfig.revalidateOnReconnect).toBe(true);
  });

  it("[API-04] dedupes for 2000 ms and throttles focus revalidation to 5000 ms", () => {
    expect(swrConfig.dedupingInterval).toBe(2000);
    expect(swrConfig.focusThrottleInterval).toBe(5000);
  });

  it("[API-04] retries an error 3 times, 5000 ms apart, then stops", () => {
    expect(swrConfig.errorRetryCount).toBe(3);
    expect(swrConfig.errorRetryInterval).toBe(5000);
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([5000, 5000, 5000, null]);
  });
});
