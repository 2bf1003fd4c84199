// The scheduler's and the task routes' idea of "now": the system clock, or a test's (decision 037 style
// getter and setter). Tests run an hour of schedules in a minute by handing every process one clock.
import { readFileSync } from "node:fs";

export interface Clock {
  now(): number;
  /** How many clock milliseconds pass per real one (1 for the system clock). */
  speed?: number;
}

export const systemClock: Clock = { now: () => Date.now(), speed: 1 };

let current: Clock = systemClock;

export const taskClock = (): Clock => current;

/** Only services.ts-style start-up code and tests call this. */
export function setTaskClock(clock: Clock) {
  current = clock;
}

/**
 * A clock that runs `speed` times faster than real time from `virtualStart`, anchored at the real time
 * `realStart`: processes given the same three numbers agree on the time.
 */
export function fastClock(virtualStart: number, realStart: number, speed: number): Clock {
  return { now: () => virtualStart + (Date.now() - realStart) * speed, speed };
}

/**
 * A clock that stands still at the time written in a file (epoch ms) until a test writes the next one:
 * processes reading one file agree on the time, and a test moves them on only when it chooses (decision 076).
 */
export function fileClock(file: string): Clock {
  let cached = { at: -Infinity, value: 0 };
  return {
    now: () => {
      const t = performance.now();
      // Re-read at most every 20 ms: a tick asks for the time often.
      if (t - cached.at > 20) cached = { at: t, value: Number(readFileSync(file, "utf8").trim()) };
      return cached.value;
    },
  };
}

/**
 * SCHEDULER_CLOCK (tests only): "<virtualStartMs>@<realStartMs>x<speed>" (a fast clock) or "file:<path>"
 * (a stepped clock); else the system clock.
 */
export function clockFromEnv(value = process.env.SCHEDULER_CLOCK): Clock {
  if (value?.startsWith("file:")) return fileClock(value.slice(5));
  const m = value?.match(/^(\d+)@(\d+)x(\d+(?:\.\d+)?)$/);
  return m ? fastClock(Number(m[1]), Number(m[2]), Number(m[3])) : systemClock;
}
