// The dashboard's display rules (hub spec §2 "Home dashboard", §3, §9): pure, shared, unit-tested.

export const FIRST_MESSAGE_MAX = 75;
export const MAX_SUB_AGENT_AVATARS = 10;
export const CARD_METADATA_MAX = 5;
export const USER_METADATA_MAX = 3;
export const METADATA_KEY_SUGGESTIONS = 10;
export const DEFAULT_RANGE_DAYS = 14;

/** round(helpful / total · 100) as "N%", or a dash when there is no feedback (DASH-19). */
export function feedbackScore(totalHelpful: number, totalFeedback: number): string {
  const pct = helpfulPercentage(totalHelpful, totalFeedback);
  return pct === null ? "—" : `${pct}%`;
}

/** The rounded share of helpful feedback (DASH-33); null without feedback. */
export function helpfulPercentage(totalHelpful: number, totalFeedback: number): number | null {
  return totalFeedback > 0 ? Math.round((totalHelpful / totalFeedback) * 100) : null;
}

/** At most 75 characters: 72 and an ellipsis when longer (DASH-27). */
export function truncateFirstMessage(text: string): string {
  return text.length > FIRST_MESSAGE_MAX ? `${text.slice(0, FIRST_MESSAGE_MAX - 3)}...` : text;
}

/**
 * Seconds from a duration given as a number of seconds, a 'd days hh:mm:ss' string (PostgreSQL's
 * interval text: "2 days 01:02:03", "1 day 00:00:05", "00:10:00") or an ISO-8601 duration
 * ("P1DT2H3M4.5S", "PT45S"); null when it cannot be read (DASH-36).
 */
export function parseDuration(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? value : null;
  if (typeof value !== "string") return null;
  const s = value.trim();
  const interval = /^(?:(\d+)\s+days?\s*)?(?:(\d+):(\d{1,2}):(\d{1,2}(?:\.\d+)?))?$/i.exec(s);
  if (s && interval && (interval[1] !== undefined || interval[2] !== undefined)) {
    const [, d = "0", h = "0", m = "0", sec = "0"] = interval;
    return Number(d) * 86400 + Number(h) * 3600 + Number(m) * 60 + Number(sec);
  }
  const iso =
    /^P(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(
      s,
    );
  if (iso && s.length > 1 && !/T$/i.test(s)) {
    const [, w = "0", d = "0", h = "0", m = "0", sec = "0"] = iso;
    return Number(w) * 604800 + Number(d) * 86400 + Number(h) * 3600 + Number(m) * 60 + Number(sec);
  }
  return null;
}

/** '<1min' under a minute (or unreadable), rounded 'Nmin' under 60 minutes, else rounded 'Nh' (DASH-34/35). */
export function formatDuration(value: unknown): string {
  const seconds = parseDuration(value);
  if (seconds === null || seconds < 60) return "<1min";
  if (seconds < 3600) return `${Math.round(seconds / 60)}min`;
  return `${Math.round(seconds / 3600)}h`;
}

/** The first `max` entries and how many more there are ('+N more'). */
export function firstEntries<T>(items: T[], max: number): { shown: T[]; more: number } {
  return { shown: items.slice(0, max), more: Math.max(0, items.length - max) };
}

export const moreLabel = (more: number) => `+${more} more`;

/**
 * Public metadata in key order (decision 069). The map is stored as jsonb, which keeps no insertion order
 * (it orders keys by length), so without a rule of our own the "first 3" would be an accident of storage.
 */
export function metadataEntries(metadata: Record<string, string>): [string, string][] {
  return Object.entries(metadata).sort(
    ([a], [b]) => a.localeCompare(b, "en", { sensitivity: "base" }) || (a < b ? -1 : 1),
  );
}

/** Distinct sub-agents (by agent) for the card's avatars, at most 10 (DASH-28). */
export function distinctSubAgents<T extends { agentId: number }>(subs: T[]): T[] {
  const seen = new Set<number>();
  const out: T[] = [];
  for (const s of subs) {
    if (seen.has(s.agentId)) continue;
    seen.add(s.agentId);
    out.push(s);
    if (out.length === MAX_SUB_AGENT_AVATARS) break;
  }
  return out;
}

/** Tool-call badges leave call_agent out: sub-agents have their own avatars (DASH-29). */
export function toolBadges<T extends { toolName: string }>(toolCalls: T[]): T[] {
  return toolCalls.filter((t) => t.toolName !== "call_agent");
}

/** The default range: the last 14 days, today included, from the start of the first to the end of today (DASH-15). */
export function defaultRange(now = new Date()): { from: Date; to: Date } {
  const to = new Date(now);
  to.setHours(23, 59, 59, 999);
  const from = new Date(now);
  from.setDate(from.getDate() - (DEFAULT_RANGE_DAYS - 1));
  from.setHours(0, 0, 0, 0);
  return { from, to };
}

/** Metadata keys across users, most used first (then by name), for the key suggestions (DASH-32). */
export function metadataKeys(users: { publicMetadata: Record<string, string> }[]): string[] {
  const counts = new Map<string, number>();
  for (const u of users) for (const k of Object.keys(u.publicMetadata)) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k]) => k);
}

/** The distinct values users have for a key, sorted. */
export function metadataValues(users: { publicMetadata: Record<string, string> }[], key: string): string[] {
  return [...new Set(users.map((u) => u.publicMetadata[key]).filter((v): v is string => !!v))].sort();
}

export const formatCount = (n: number) => n.toLocaleString("en-US");
