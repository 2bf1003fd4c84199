import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

const now = Date.parse("2026-11-26T12:00:00Z");
const ago = (ms: number) => new Date(now - ms).toISOString();

describe("relative times", () => {
  it("[USER-06] switch at 1 minute, 60 minutes, 24 hours and 30 days", () => {
    expect(relativeTime(ago(59_000), now)).toBe("just now");
    expect(relativeTime(ago(60_000), now)).toBe("1 minute ago");
    expect(relativeTime(ago(59 * 60_000), now)).toBe("59 minutes ago");
    expect(relativeTime(ago(60 * 60_000), now)).toBe("1 hour ago");
    expect(relativeTime(ago(23 * 3_600_000), now)).toBe("23 hours ago");
    expect(relativeTime(ago(24 * 3_600_000), now)).toBe("1 day ago");
    expect(relativeTime(ago(29 * 86_400_000), now)).toBe("29 days ago");
    expect(relativeTime(ago(30 * 86_400_000), now)).toBe("Oct 27, 2026");
    expect(relativeTime(null, now)).toBe("Never");
  });
});
