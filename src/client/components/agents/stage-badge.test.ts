import { describe, expect, it } from "vitest";
import { groupByStage, stageBadge } from "./stage-badge";

describe("stageBadge", () => {
  it("AGENT-16: development reads Development (orange tone)", () => {
    expect(stageBadge("development")).toEqual({ label: "Development", tone: "development" });
  });
  it("AGENT-16: released reads Active (green tone)", () => {
    expect(stageBadge("released")).toEqual({ label: "Active", tone: "released" });
  });
  it("AGENT-16: any other stored value is shown as it is", () => {
    expect(stageBadge("beta")).toEqual({ label: "beta", tone: "other" });
  });
  it("AGENT-16: an empty stage reads Unknown", () => {
    expect(stageBadge("")).toEqual({ label: "Unknown", tone: "other" });
    expect(stageBadge(undefined)).toEqual({ label: "Unknown", tone: "other" });
  });
});

describe("groupByStage", () => {
  it("[AGENT-27] [AGENT-28] groups Released and In Development; other values count as released", () => {
    const agents = [
      { id: 1, stage: "development" },
      { id: 2, stage: "released" },
      { id: 3, stage: "beta" },
    ];
    const groups = groupByStage(agents);
    expect(groups.released.map((a) => a.id)).toEqual([2, 3]);
    expect(groups.development.map((a) => a.id)).toEqual([1]);
  });
});
