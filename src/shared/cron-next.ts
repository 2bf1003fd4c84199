// When a schedule next runs, in the task's IANA time zone (rulings: the creator's). The rules are Vixie
// cron's, in the form croner 11 (and croner-rust) spell them, so the two agree (cron-next.test.ts):
// - day of month and day of week: both restricted → either matches (OR); one is * or ? → the other decides;
// - a fixed-time job (minute and hour each one value, no * ? or step) whose local time is skipped by a
//   spring-forward change runs once when the clock has jumped (02:30 → 03:00), if that is the same day;
//   one whose local time occurs twice (autumn) runs once, at the first occurrence;
// - an interval job (any * ? step or list in minute or hour) runs at the wall-clock times that exist:
//   none in a skipped hour, and on both passes of a repeated hour (real time still moves on).
import type { ParsedCron } from "./cron";

const MINUTE = 60_000;
/** The furthest a match can be: leap day on a given weekday recurs within 28 years. */
const MAX_YEARS = 30;

interface Wall {
  y: number;
  mo: number; // 1-12
  d: number;
  h: number;
  mi: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(tz, f);
  }
  return f;
}

/** Local wall-clock fields of an instant (seconds dropped). */
function wallOf(ms: number, tz: string): Wall {
  const w: Wall = { y: 0, mo: 0, d: 0, h: 0, mi: 0 };
  for (const p of formatter(tz).formatToParts(new Date(ms))) {
    if (p.type === "year") w.y = Number(p.value);
    else if (p.type === "month") w.mo = Number(p.value);
    else if (p.type === "day") w.d = Number(p.value);
    else if (p.type === "hour") w.h = Number(p.value);
    else if (p.type === "minute") w.mi = Number(p.value);
  }
  return w;
}

const naive = (w: Wall) => Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi);

/** Local time minus UTC at `ms`, in ms (whole minutes). */
function offsetAt(ms: number, tz: string): number {
  const floored = Math.floor(ms / MINUTE) * MINUTE;
  return naive(wallOf(floored, tz)) - floored;
}

type Resolved =
  | { kind: "single"; at: number }
  | { kind: "ambiguous"; earlier: number; later: number }
  | { kind: "gap"; transition: number };

/** First instant in (lo, hi] whose offset is `target` (lo has the other offset). */
function transitionBetween(lo: number, hi: number, tz: string, target: number): number {
  let a = Math.floor(lo / MINUTE);
  let b = Math.ceil(hi / MINUTE);
  while (b - a > 1) {
    const mid = Math.floor((a + b) / 2);
    if (offsetAt(mid * MINUTE, tz) === target) b = mid;
    else a = mid;
  }
  return b * MINUTE;
}

/** The instants a local wall-clock time names: one, two (autumn overlap) or none (spring gap). */
function resolve(w: Wall, tz: string): Resolved {
  const n = naive(w);
  const before = offsetAt(n - 86_400_000, tz);
  const after = offsetAt(n + 86_400_000, tz);
  const candidates = [...new Set([n - before, n - after])].filter((c) => offsetAt(c, tz) === n - c);
  if (candidates.length === 2) {
    return { kind: "ambiguous", earlier: Math.min(...candidates), later: Math.max(...candidates) };
  }
  if (candidates.length === 1) return { kind: "single", at: candidates[0]! };
  // Skipped: the clock jumped from `before` to `after`; find the instant it did.
  const lo = Math.min(n - before, n - after);
  const hi = Math.max(n - before, n - after);
  return { kind: "gap", transition: transitionBetween(lo, hi, tz, after) };
}

const daysIn = (y: number, mo: number) => new Date(Date.UTC(y, mo, 0)).getUTCDate();
const weekdayOf = (y: number, mo: number, d: number) => new Date(Date.UTC(y, mo - 1, d)).getUTCDay();

function dayMatches(c: ParsedCron, y: number, mo: number, d: number): boolean {
  const dom = c.days.includes(d);
  if (c.weekdayIsWildcard) return dom;
  const dow = c.weekdays.includes(weekdayOf(y, mo, d));
  if (c.dayIsWildcard) return dow;
  return dom || dow;
}

const firstAtLeast = (list: number[], v: number) => list.find((x) => x >= v);

/** The first wall-clock time at or after `from` that the fields match, or null within MAX_YEARS. */
function nextWallMatch(c: ParsedCron, from: Wall, maxYear: number): Wall | null {
  let { y, mo, d, h, mi } = from;
  while (y <= maxYear) {
    const m = firstAtLeast(c.months, mo);
    if (m === undefined) {
      y += 1;
      mo = 1;
      d = 1;
      h = 0;
      mi = 0;
      continue;
    }
    if (m !== mo) {
      mo = m;
      d = 1;
      h = 0;
      mi = 0;
    }
    const days = daysIn(y, mo);
    while (d <= days && !dayMatches(c, y, mo, d)) {
      d += 1;
      h = 0;
      mi = 0;
    }
    if (d > days) {
      mo += 1;
      d = 1;
      h = 0;
      mi = 0;
      if (mo > 12) {
        y += 1;
        mo = 1;
      }
      continue;
    }
    const hour = firstAtLeast(c.hours, h);
    if (hour === undefined) {
      d += 1;
      h = 0;
      mi = 0;
      if (d > days) {
        mo += 1;
        d = 1;
        if (mo > 12) {
          y += 1;
          mo = 1;
        }
      }
      continue;
    }
    if (hour !== h) {
      h = hour;
      mi = 0;
    }
    const minute = firstAtLeast(c.minutes, mi);
    if (minute === undefined) {
      h += 1;
      mi = 0;
      if (h > 23) {
        h = 0;
        d += 1;
        if (d > days) {
          mo += 1;
          d = 1;
          if (mo > 12) {
            y += 1;
            mo = 1;
          }
        }
      }
      continue;
    }
    return { y, mo, d, h: hour, mi: minute };
  }
  return null;
}

function plusMinute(w: Wall): Wall {
  const t = new Date(naive(w) + MINUTE);
  return {
    y: t.getUTCFullYear(),
    mo: t.getUTCMonth() + 1,
    d: t.getUTCDate(),
    h: t.getUTCHours(),
    mi: t.getUTCMinutes(),
  };
}

/** Fixed-time: minute and hour are each one value written without *, ? or a step (croner's rule). */
export function isFixedTime(c: ParsedCron): boolean {
  const [min, hour] = c.expression.split(" ") as [string, string];
  const plain = (f: string) => !/[*?/]/.test(f);
  return plain(min) && plain(hour) && c.minutes.length === 1 && c.hours.length === 1;
}

/** When a matched wall-clock time runs, if that is after `afterMs`. */
function runAt(w: Wall, tz: string, fixed: boolean, afterMs: number): number | null {
  const r = resolve(w, tz);
  if (r.kind === "single") return r.at > afterMs ? r.at : null;
  if (r.kind === "ambiguous") {
    const options = fixed ? [r.earlier] : [r.earlier, r.later];
    return options.find((t) => t > afterMs) ?? null;
  }
  if (!fixed) return null;
  const jumped = wallOf(r.transition, tz);
  const sameDay = jumped.y === w.y && jumped.mo === w.mo && jumped.d === w.d;
  return sameDay && r.transition > afterMs ? r.transition : null;
}

function walk(c: ParsedCron, tz: string, fixed: boolean, from: Wall, afterMs: number, maxYear: number) {
  let cursor: Wall | null = from;
  // Each step moves at least a minute forward; the bound only guards against a bug looping forever.
  for (let i = 0; cursor && i < 100_000; i++) {
    const w = nextWallMatch(c, cursor, maxYear);
    if (!w) return null;
    const at = runAt(w, tz, fixed, afterMs);
    if (at !== null) return at;
    cursor = plusMinute(w);
  }
  return null;
}

/**
 * The first run strictly after `after` of a parsed schedule read in time zone `tz`, or null when the
 * fields can never match (e.g. 31 February).
 */
export function nextRunAfter(c: ParsedCron, after: Date | number, tz: string): Date | null {
  const afterMs = typeof after === "number" ? after : after.getTime();
  const fixed = isFixedTime(c);
  const start = plusMinute(wallOf(afterMs, tz));
  const maxYear = start.y + MAX_YEARS;
  let best = walk(c, tz, fixed, start, afterMs, maxYear);
  // `after` on the first pass of a repeated hour: the second pass still lies ahead, and an interval
  // job's matches there can come before the first wall-clock match after `after`.
  if (!fixed) {
    const here = resolve(wallOf(afterMs, tz), tz);
    if (here.kind === "ambiguous" && afterMs < here.later) {
      const laterOffset = offsetAt(here.later, tz);
      const transition = transitionBetween(afterMs, here.later, tz, laterOffset);
      const second = walk(c, tz, fixed, wallOf(transition, tz), afterMs, maxYear);
      if (second !== null && (best === null || second < best)) best = second;
    }
  }
  return best === null ? null : new Date(best);
}

/** The next `count` runs after `after` (for previews and tests). */
export function nextRuns(c: ParsedCron, after: Date | number, tz: string, count: number): Date[] {
  const out: Date[] = [];
  let cursor: Date | number = after;
  for (let i = 0; i < count; i++) {
    const next = nextRunAfter(c, cursor, tz);
    if (!next) break;
    out.push(next);
    cursor = next;
  }
  return out;
}
