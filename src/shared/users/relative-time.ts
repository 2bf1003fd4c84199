// Relative times for the users list (hub spec §9: switches at 1 minute, 60 minutes, 24 hours, 30 days).
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;

export function relativeTime(iso: string | null, now = Date.now()): string {
  if (!iso) return "Never";
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return "Never";
  const ago = Math.max(0, now - at);
  if (ago < MINUTE) return "just now";
  if (ago < HOUR) return plural(Math.floor(ago / MINUTE), "minute");
  if (ago < DAY) return plural(Math.floor(ago / HOUR), "hour");
  if (ago < 30 * DAY) return plural(Math.floor(ago / DAY), "day");
  return new Date(at).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}
