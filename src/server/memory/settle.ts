// Gives memory back once the process is quiet (issue 18, decision 113). Start-up (module evaluation,
// migrations, the first queries) and every busy period leave V8's young generation at its largest
// (--max-semi-space-size, decision 101) and the old one full of garbage and fragments; V8 shrinks them
// only in a "memory-reducing" collection, which its own memory reducer starts seconds after its last
// full collection, and only when one happens. Here one such collection runs after the event loop has
// been quiet for a few seconds after start, then again only after the heap has grown (a busy period) and
// the server has been quiet for a minute (decision 143) — ~60 ms of one core each time, measured: 14–17 MB
// less resident memory at idle.
import v8 from "node:v8";
import vm from "node:vm";
import { performance } from "node:perf_hooks";
import { log } from "../logger";

type GcFunction = (opts: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;
let gcFunction: GcFunction | null | undefined;

/** V8's own `gc`, from a context made while --expose-gc is on (the main context never gets it). */
function fullGc(): GcFunction | null {
  if (gcFunction === undefined) {
    try {
      v8.setFlagsFromString("--expose-gc");
      gcFunction = vm.runInNewContext("gc") as GcFunction;
      v8.setFlagsFromString("--no-expose-gc");
    } catch {
      gcFunction = null;
    }
  }
  return gcFunction;
}

/** Committed V8 heap bytes (young + old generations, code): what a settle gives back from. */
export const heapCommitted = () => v8.getHeapStatistics().total_heap_size;

/**
 * One memory-reducing full collection ("last resort": it also shrinks the young generation and compacts).
 * Returns the committed heap before and after, or null where V8 does not offer it.
 */
export function settleMemory(): { before: number; after: number; ms: number } | null {
  const gc = fullGc();
  if (!gc) return null;
  const before = heapCommitted();
  const t0 = performance.now();
  gc({ type: "major", execution: "sync", flavor: "last-resort" });
  return { before, after: heapCommitted(), ms: performance.now() - t0 };
}

export interface SettlerOptions {
  /** How often the event loop's utilisation is looked at. */
  checkMs?: number;
  /** Utilisation at or below which a check counts as quiet. */
  quietBelow?: number;
  /** Quiet checks in a row before the settle after start. */
  quietChecks?: number;
  /** Quiet checks in a row before a settle after a busy period (decision 143). */
  restChecks?: number;
  /** Heap growth since the last settle that makes another one worth its pause. */
  growthBytes?: number;
  /** Injected in tests. */
  utilisation?: () => number;
  heapSize?: () => number;
  settle?: () => unknown;
}

/** Settles once the process is quiet after start, then after each period that grew the heap. */
export function startMemorySettler(opts: SettlerOptions = {}): { stop(): void; check(): void } {
  const quietBelow = opts.quietBelow ?? 0.05;
  const quietChecks = opts.quietChecks ?? 2;
  // After a busy period only once the server is at rest, not in a lull between bursts: the settle
  // shrinks the young generation to ~1 MB and leaves the next burst to grow it back (and re-warm), which
  // cost a 50-stream burst after a 5 s lull ~20 % more CPU (decision 143).
  const restChecks = opts.restChecks ?? 60;
  const growth = opts.growthBytes ?? 16 * 2 ** 20;
  const heapSize = opts.heapSize ?? heapCommitted;
  let last = performance.eventLoopUtilization();
  const utilisation =
    opts.utilisation ??
    (() => {
      const now = performance.eventLoopUtilization();
      const u = performance.eventLoopUtilization(now, last).utilization;
      last = now;
      return u;
    });
  const settle =
    opts.settle ??
    (() => {
      const r = settleMemory();
      if (r)
        log.debug("memory settled", {
          heapMbBefore: Math.round(r.before / 2 ** 20),
          heapMbAfter: Math.round(r.after / 2 ** 20),
          ms: Math.round(r.ms),
        });
    });
  let quiet = 0;
  let settledAt: number | null = null; // heap size after the last settle; null: not yet since start
  const check = () => {
    quiet = utilisation() <= quietBelow ? quiet + 1 : 0;
    if (quiet < (settledAt === null ? quietChecks : restChecks)) return;
    if (settledAt !== null && heapSize() < settledAt + growth) return;
    settle();
    settledAt = heapSize();
    quiet = 0;
  };
  const timer = setInterval(check, opts.checkMs ?? 1_000);
  timer.unref();
  return { stop: () => clearInterval(timer), check };
}
