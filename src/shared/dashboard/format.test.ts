import { describe, expect, it } from "vitest";
import {
  defaultRange,
  distinctSubAgents,
  feedbackScore,
  firstEntries,
  metadataEntries,
  formatDuration,
  helpfulPercentage,
  metadataKeys,
  metadataValues,
  moreLabel,
  parseDuration,
  toolBadges,
  truncateFirstMessage,
} from "./format";

describe("dashboard display rules", () => {
  it("[DASH-19] feedback score is round(helpful/total·100)% or a dash", () => {
    expect(feedbackScore(0, 0)).toBe("—");
    expect(feedbackScore(1, 3)).toBe("33%");
    expect(feedbackScore(2, 3)).toBe("67%");
    expect(feedbackScore(1, 8)).toBe("13%"); // 12.5 rounds up
    expect(feedbackScore(5, 5)).toBe("100%");
    expect(feedbackScore(0, 4)).toBe("0%");
  });

  it("[DASH-33] the helpful percentage is the rounded share of helpful feedback", () => {
    expect(helpfulPercentage(2, 3)).toBe(67);
    expect(helpfulPercentage(0, 0)).toBeNull();
  });

  it("[DASH-27] the first message is cut at 75 characters: 72 and an ellipsis", () => {
    const exactly75 = "a".repeat(75);
    expect(truncateFirstMessage(exactly75)).toBe(exactly75);
    const long = "b".repeat(76);
    expect(truncateFirstMessage(long)).toBe(`${"b".repeat(72)}...`);
    expect(truncateFirstMessage(long)).toHaveLength(75);
    expect(truncateFirstMessage("short")).toBe("short");
  });

  it("[DASH-36] durations arrive as seconds, 'd days hh:mm:ss' or ISO-8601", () => {
    expect(parseDuration(90)).toBe(90);
    expect(parseDuration("2 days 01:02:03")).toBe(2 * 86400 + 3723);
    expect(parseDuration("1 day 00:00:05")).toBe(86405);
    expect(parseDuration("00:10:00")).toBe(600);
    expect(parseDuration("3 days")).toBe(3 * 86400);
    expect(parseDuration("PT45S")).toBe(45);
    expect(parseDuration("P1DT2H3M4S")).toBe(93784);
    expect(parseDuration("PT1.5M")).toBe(90);
    expect(parseDuration("P1W")).toBe(604800);
    expect(parseDuration("P")).toBeNull();
    expect(parseDuration("PT")).toBeNull();
    expect(parseDuration("soon")).toBeNull();
    expect(parseDuration("")).toBeNull();
    expect(parseDuration(-5)).toBeNull();
    expect(parseDuration(Number.NaN)).toBeNull();
    expect(parseDuration(null)).toBeNull();
  });

  it("[DASH-34] '<1min' under a minute, rounded 'Nmin' under an hour, else rounded 'Nh'", () => {
    expect(formatDuration(0)).toBe("<1min");
    expect(formatDuration(59)).toBe("<1min");
    expect(formatDuration(60)).toBe("1min");
    expect(formatDuration(89)).toBe("1min");
    expect(formatDuration(90)).toBe("2min");
    expect(formatDuration(3599)).toBe("60min");
    expect(formatDuration(3600)).toBe("1h");
    expect(formatDuration(5400)).toBe("2h");
    expect(formatDuration("2 days 00:00:00")).toBe("48h");
    expect(formatDuration("PT30M")).toBe("30min");
  });

  it("[DASH-35] a duration that cannot be read shows '<1min'", () => {
    expect(formatDuration("not a duration")).toBe("<1min");
    expect(formatDuration(undefined)).toBe("<1min");
    expect(formatDuration({})).toBe("<1min");
  });

  it("[DASH-28] at most 10 distinct sub-agent avatars", () => {
    const subs = Array.from({ length: 14 }, (_, i) => ({ agentId: i % 12, id: String(i) }));
    const shown = distinctSubAgents(subs);
    expect(shown).toHaveLength(10);
    expect(new Set(shown.map((s) => s.agentId)).size).toBe(10);
    expect(distinctSubAgents([{ agentId: 1 }, { agentId: 1 }, { agentId: 2 }])).toEqual([
      { agentId: 1 },
      { agentId: 2 },
    ]);
  });

  it("[DASH-29] tool-call badges leave call_agent out", () => {
    expect(toolBadges([{ toolName: "web_search" }, { toolName: "call_agent" }, { toolName: "http_request" }])).toEqual([
      { toolName: "web_search" },
      { toolName: "http_request" },
    ]);
  });

  it("[DASH-30] [DASH-31] [DASH-32] [USER-07] the first N entries and '+N more'", () => {
    const entries = Array.from({ length: 7 }, (_, i) => i);
    expect(firstEntries(entries, 5)).toEqual({ shown: [0, 1, 2, 3, 4], more: 2 });
    expect(firstEntries(entries, 3).more).toBe(4);
    expect(firstEntries(entries, 10)).toEqual({ shown: entries, more: 0 });
    expect(moreLabel(4)).toBe("+4 more");
  });

  it("[DASH-30] [USER-07] metadata is shown in key order, whatever order the database returns it in", () => {
    // jsonb's own order for these keys: site, team, level, region.
    const stored = { site: "Berlin", team: "Finance", level: "3", region: "EMEA", Zone: "1" };
    expect(metadataEntries(stored).map(([k]) => k)).toEqual(["level", "region", "site", "team", "Zone"]);
    expect(firstEntries(metadataEntries(stored), 3)).toEqual({
      shown: [
        ["level", "3"],
        ["region", "EMEA"],
        ["site", "Berlin"],
      ],
      more: 2,
    });
  });

  it("[DASH-15] the default range is the last 14 days up to the end of today", () => {
    const now = new Date(2026, 10, 26, 15, 30);
    const { from, to } = defaultRange(now);
    expect(to).toEqual(new Date(2026, 10, 26, 23, 59, 59, 999));
    expect(from).toEqual(new Date(2026, 10, 13, 0, 0, 0, 0));
  });

  it("[DASH-14] [DASH-32] metadata keys and values come from the users' public metadata", () => {
    const users: { publicMetadata: Record<string, string> }[] = [
      { publicMetadata: { department: "Sales", region: "EMEA" } },
      { publicMetadata: { department: "Support" } },
      { publicMetadata: { department: "Sales", tier: "gold" } },
    ];
    expect(metadataKeys(users)).toEqual(["department", "region", "tier"]);
    expect(metadataValues(users, "department")).toEqual(["Sales", "Support"]);
  });
});
