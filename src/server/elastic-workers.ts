// `npm start` on PostgreSQL without WEB_CONCURRENCY (decision 107): the first process serves by itself and
// forks another worker only when the serving processes' event loops stay busy, up to one per core. An
// idle server is one process (a worker per core at rest cost ~145 MB each for nothing); a loaded one
// grows to what decision 093's fixed workers give. Workers stay once started; a dead one is replaced.
import cluster, { type Worker } from "node:cluster";
import { performance } from "node:perf_hooks";
import { log } from "./logger";
import { WORKER_LISTENING } from "./workers";

/** A worker's event-loop utilisation over the last second, sent to the primary. */
export const LOAD_MESSAGE = "switchboard:elu";

const SAMPLE_MS = 1000;
/** Seconds in a row the mean utilisation must reach BUSY before one more worker is started. */
const BUSY_SECONDS = 3;
const BUSY = 0.8;
const RESPAWN_DELAY_MS = 500;

/** Event-loop utilisation since the previous call. */
function utilisationMeter() {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    return utilization;
  };
}

/** In a worker: reports its event-loop utilisation to the primary every second. */
export function reportLoad() {
  const meter = utilisationMeter();
  setInterval(() => process.send?.({ type: LOAD_MESSAGE, elu: meter() }), SAMPLE_MS).unref();
}

/**
 * In the serving primary: watches its own load and the workers', and forks one more worker (at most
 * `max` processes in all) after BUSY_SECONDS of mean utilisation ≥ BUSY; the next only once that one listens.
 */
export function startElasticWorkers(max: number, { busy = BUSY } = {}) {
  const load = new Map<Worker, number>();
  const listening = new WeakSet<Worker>();
  const meter = utilisationMeter();
  let starting = false;
  let stopping = false;
  let busyFor = 0;
  let ceiling = max;

  const fork = () => {
    starting = true;
    const worker = cluster.fork();
    load.set(worker, 1);
  };
  cluster.on("message", (worker, message: unknown) => {
    if (message === WORKER_LISTENING) {
      listening.add(worker);
      starting = false;
      busyFor = 0;
    } else if ((message as { type?: string })?.type === LOAD_MESSAGE)
      load.set(worker, (message as { elu: number }).elu);
  });
  cluster.on("exit", (worker, code, signal) => {
    load.delete(worker);
    if (stopping) return;
    if (!listening.has(worker)) {
      // It would fail again: serve with what runs now.
      starting = false;
      ceiling = load.size + 1;
      log.error("an extra worker stopped before it was listening; not starting more", { code, signal });
      return;
    }
    log.warn("worker died; starting another", { pid: worker.process.pid, code, signal });
    starting = true; // the replacement is on its way: the load check must not start one more meanwhile
    setTimeout(() => !stopping && fork(), RESPAWN_DELAY_MS);
  });

  const timer = setInterval(() => {
    const samples = [meter(), ...load.values()];
    const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
    busyFor = mean >= busy ? busyFor + 1 : 0;
    if (busyFor >= BUSY_SECONDS && !starting && load.size + 1 < ceiling) {
      log.info("event loops busy: starting another worker", { processes: load.size + 2, max: ceiling });
      fork();
    }
  }, SAMPLE_MS);
  timer.unref();

  // This process's own shutdown (serve.ts) runs on the same signals; the workers get theirs.
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    clearInterval(timer);
    for (const worker of load.keys()) worker.process.kill(signal);
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

/** Resolves once every worker this process forked has exited, or after `ms`. */
export function workersExited(ms: number): Promise<void> {
  const alive = () => Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead()).length;
  if (!alive()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      if (alive()) return;
      clearTimeout(timer);
      cluster.off("exit", done);
      resolve();
    };
    const timer = setTimeout(() => {
      cluster.off("exit", done);
      resolve();
    }, ms);
    cluster.on("exit", done);
  });
}
