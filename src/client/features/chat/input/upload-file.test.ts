import { describe, expect, it } from "vitest";
import { CHAT_UPLOAD_CONCURRENCY, withConcurrency } from "./upload-file";

describe("chat upload concurrency", () => {
  it("[CONST-02] uploads run at most 4 at a time, results in order", async () => {
    expect(CHAT_UPLOAD_CONCURRENCY).toBe(4);
    let running = 0;
    let peak = 0;
    const results = await withConcurrency([1, 2, 3, 4, 5, 6, 7, 8, 9], CHAT_UPLOAD_CONCURRENCY, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      return n * 2;
    });
    expect(peak).toBe(4);
    expect(results).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18]);
  });
});
