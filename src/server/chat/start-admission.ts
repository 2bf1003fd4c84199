// How many chats may be starting at once (decision 117). A chat holds a place from its start (after the
// request's auth and body) until the statement before the model has committed; the others wait in
// arrival order. Without it, a burst of 1,000 starts queued 1,000 of those statements in the database
// pool, every started reply's first line waited behind all of them (one 525-line insert at the end of a
// 500-chat burst), and every chat got its first token at about the same, late, time. With a few places,
// the pool's queue stays short: early arrivals get their first token first, and a reply's lines are not
// held behind later chats' set-up.
import { setReadGate } from "../ai/read-gate";

/** A first-in, first-out limit on concurrent holders; `onDrained` runs when its last waiter gets a place. */
export function fifoLimit(limit: number, onDrained?: () => void) {
  let active = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) {
      next();
      if (!waiting.length) onDrained?.();
    } else active--;
  };
  return {
    async run<T>(fn: () => Promise<T>): Promise<T> {
      if (active < limit) active++;
      else await new Promise<void>((resolve) => waiting.push(resolve)); // the place is handed over as is
      try {
        return await fn();
      } finally {
        release();
      }
    },
    /** Holders and waiters now (for tests and the burst signal). */
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

/**
 * Places per connection of the database pool: a place is set-up on the CPU part of its time and waits for
 * its commit the rest, so with two per connection every connection has a statement to run while the queue
 * in front of a reply's lines stays about one statement per connection deep. With one per connection
 * (tried: 8 places for 10 connections) a burst's commits ran below the pool's width and its last first
 * token came later (decision 117).
 */
const PLACES_PER_CONNECTION = 2;

let starts = fifoLimit(20, drainedNow);

/** Sets the limit from the database pool's size (services.ts; PGlite runs one statement at a time anyway). */
export function setStartAdmission(poolSize: number) {
  starts = fifoLimit(Math.max(1, poolSize * PLACES_PER_CONNECTION), drainedNow);
}

/**
 * While chats wait for a place, the replies already streaming read their model's next events only once none
 * waits (decision 146): a burst's starts get the CPU first — its last first token comes sooner — and the
 * streaming replies then read what piled up several events at a time. Their events are not lost or
 * reordered, only read later; a reply's own first token is not held (it is read before its stream returns).
 */
let drained: { promise: Promise<void>; resolve: () => void; timer: NodeJS.Timeout } | undefined;
/**
 * The longest a read waits: under starts that keep coming faster than they are admitted, the replies under way
 * still read everything that came every quarter second, never starve.
 */
export const MAX_READ_HOLD_MS = 250;
function drainedNow() {
  const d = drained;
  drained = undefined;
  if (!d) return;
  clearTimeout(d.timer);
  d.resolve();
}
export function startsDrained(): Promise<void> | undefined {
  if (!starts.waiting) return undefined;
  if (!drained) {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    drained = { promise, resolve, timer: setTimeout(drainedNow, MAX_READ_HOLD_MS) };
  }
  return drained.promise;
}
setReadGate(startsDrained);

/**
 * Chats starting at once (admitted or waiting, in one process) that make a burst: a burst of starts costs
 * several ms of CPU each before its first token, so the elastic workers (decision 107) start the next
 * worker at once instead of after three busy seconds (decision 117). 150, not 50 (decision 123): a worker's
 * start-up costs ~0.4 s of CPU and ~90 MB and takes only the connections that come after it, while 50
 * starts are ~0.15 s of one core, over before the worker listens (peerbench's 50 streams: −20 % CPU per
 * token, −90 MB at the peak without that fork).
 */
export const BURST_STARTS = 150;
let burstListener: (() => void) | undefined;
let inBurst = false;

/** Called each time the chats starting in this process reach BURST_STARTS (again after falling below it). */
export function onStartBurst(listener: () => void) {
  burstListener = listener;
}

/** Runs a chat's start under the limit. */
export async function admitStart<T>(fn: () => Promise<T>): Promise<T> {
  pending++;
  if (pending >= BURST_STARTS && !inBurst) {
    inBurst = true;
    burstListener?.();
  }
  try {
    return await starts.run(fn);
  } finally {
    pending--;
    if (pending < BURST_STARTS / 2) inBurst = false;
  }
}

let pending = 0;

/** Chats starting or waiting to start in this process. */
export function startsPending(): number {
  return pending;
}
