// The stage badge of an agent card (AGENT-16, AGENT-27, AGENT-28).
import { isReleased } from "@/shared/agents/schema";

export type StageTone = "development" | "released" | "other";

export interface StageBadgeInfo {
  label: string;
  tone: StageTone;
}

/** "Development" (orange), "Active" (green) for released, any other value as it is, "Unknown" when empty. */
export function stageBadge(stage: string | null | undefined): StageBadgeInfo {
  const value = (stage ?? "").trim();
  if (!value) return { label: "Unknown", tone: "other" };
  if (value === "development") return { label: "Development", tone: "development" };
  if (value === "released") return { label: "Active", tone: "released" };
  return { label: value, tone: "other" };
}

/** The list's two groups: any stage other than development counts as released (rulings.md). */
export function groupByStage<T extends { stage: string }>(agents: T[]): { released: T[]; development: T[] } {
  return {
    released: agents.filter((a) => isReleased(a.stage)),
    development: agents.filter((a) => !isReleased(a.stage)),
  };
}
