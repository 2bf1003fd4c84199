import { describe, expect, it } from "vitest";
import { newRowId } from "./row-id";

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("row ids (decision 152)", () => {
  it("are UUIDs of version 7 whose first 48 bits are the time in milliseconds", () => {
    const at = Date.UTC(2026, 10, 30, 8, 0, 0, 123);
    const id = newRowId(at);
    expect(id).toMatch(V7);
    expect(parseInt(id.replace(/-/g, "").slice(0, 12), 16)).toBe(at);
  });

  it("sort by the time they were made in, and differ within one millisecond", () => {
    const now = Date.now();
    const earlier = Array.from({ length: 50 }, () => newRowId(now - 1));
    const later = Array.from({ length: 50 }, () => newRowId(now));
    expect(new Set([...earlier, ...later]).size).toBe(100);
    for (const a of earlier) for (const b of later) expect(a < b).toBe(true);
  });
});
