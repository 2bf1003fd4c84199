import { describe, expect, it } from "vitest";
import { isTimeZone } from "./time-zone";

describe("isTimeZone", () => {
  it("accepts IANA zones, also when asked again (kept), and refuses others every time", () => {
    for (let i = 0; i < 2; i++) {
      expect(isTimeZone("Europe/Berlin")).toBe(true);
      expect(isTimeZone("UTC")).toBe(true);
      expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
      expect(isTimeZone("")).toBe(false);
    }
  });
});
