// The scheduler's and the task routes' idea of "now": the system clock, or a test's (decision 037 style
// getter and setter). Tests run an hour of schedules in a minute by handing every process one clock.
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

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
  return { now: () => virtualStart + (Date.now() - realStart) * speed };
}

/** SCHEDULER_CLOCK="<virtualStartMs>@<realStartMs>x<speed>" (tests only), else the system clock. */
export function clockFromEnv(value = process.env.SCHEDULER_CLOCK): Clock {
  const m = value?.match(/^(\d+)@(\d+)x(\d+(?:\.\d+)?)$/);
  return m ? fastClock(Number(m[1]), Number(m[2]), Number(m[3])) : systemClock;
}
