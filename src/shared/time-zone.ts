// Whether a string names an IANA time zone: the chat request's, a scheduled task's, the dashboard's.
/**
 * Zones found valid, so each is checked once per process: building an `Intl.DateTimeFormat` costs about
 * 1 ms of CPU, and every chat request names the browser's zone (decision 117). Bounded by the zones a
 * runtime knows (~600 names and their aliases); names found invalid are not kept.
 */
const knownTimeZones = new Set<string>();
const MAX_KNOWN_TIME_ZONES = 2048;

/** True when `tz` names an IANA time zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  if (!tz) return false;
  if (knownTimeZones.has(tz)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
  } catch {
    return false;
  }
  if (knownTimeZones.size < MAX_KNOWN_TIME_ZONES) knownTimeZones.add(tz);
  return true;
}
