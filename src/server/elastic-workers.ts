// `npm start` on PostgreSQL without WEB_CONCURRENCY (decision 107): the first process serves by itself and
// forks another worker only when the serving processes' event loops stay busy, up to one per core (one
// fewer with a database on this host, decision 142). An
// idle server is one process (a worker per core at rest cost ~145 MB each for nothing); a loaded one
// grows to what decision 093's fixed workers give. A dead worker is replaced. Once every process has been
// quiet for a while, the newest worker is retired (decision 118): it stops accepting connections, lets
// its live replies finish and exits, so the tree returns to one process after a load.
// A burst of chat starts (chat/start-admission.ts) forks the next worker at once (decision 117).
import cluster, { type Worker } from "node:cluster";
import { performance } from "node:perf_hooks";
import { log } from "./logger";
import { WORKER_LISTENING } from "./workers";

/** A worker's event-loop utilisation over the last second, sent to the primary. */
export const LOAD_MESSAGE = "switchboard:elu";
/** From the primary: stop accepting, finish the live replies, exit (serve.ts). */
export const RETIRE_MESSAGE = "switchboard:retire";

const SAMPLE_MS = 1000;
/** Seconds in a row the mean utilisation must reach BUSY before one more worker is started. */
const BUSY_SECONDS = 3;
const BUSY = 0.8;
/** Every process at or below this utilisation counts as quiet (well below BUSY: no fork/retire flapping). */
const QUIET = 0.2;
const IDLE_SECONDS = 30;
const RESPAWN_DELAY_MS = 500;

export interface ElasticState {
  /** Seconds in a row with mean utilisation ≥ busy; with every process ≤ QUIET. */
  busyFor: number;
  quietFor: number;
  /** Workers serving (the primary not counted), and those draining after a retire. */
  workers: number;
  draining: number;
  ceiling: number;
  /** A fork on its way (not listening yet). */
  starting: boolean;
}

/** One second's decision: add a worker, retire the newest one, or neither. */
export function elasticDecision(
  s: ElasticState,
  o: { busySeconds: number; idleSeconds: number },
): "fork" | "retire" | null {
  if (s.starting) return null;
  if (s.busyFor >= o.busySeconds) return s.workers + s.draining + 1 < s.ceiling ? "fork" : null;
  // One retire at a time; idleSeconds 0 keeps the workers (decision 107's behaviour).
  if (o.idleSeconds > 0 && s.quietFor >= o.idleSeconds && s.workers > 0 && !s.draining) return "retire";
  return null;
}

/**
 * How busy the process was since the previous call: its event loop's utilisation, but no more than the
 * share of a core it actually ran on. On a machine whose cores are taken by other work, a loop waiting
 * for a core reads as busy while the process gets a fraction of one; another worker would then
 * compete for the same cores and cost its start-up (~0.4 s of CPU) for nothing (decision 116).
 */
function utilisationMeter() {
  let last = performance.eventLoopUtilization();
  let cpu = process.cpuUsage();
  let at = performance.now();
  return () => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    const used = process.cpuUsage(cpu);
    const t = performance.now();
    const share = (used.user + used.system) / 1000 / Math.max(1, t - at);
    last = now;
    cpu = process.cpuUsage();
    at = t;
    return Math.min(utilization, share);
  };
}

/** In a worker: reports its event-loop utilisation every second, and a burst of chat starts at once. */
export function reportLoad(onBurst: (listener: () => void) => void = () => {}) {
  const meter = utilisationMeter();
  setInterval(() => process.send?.({ type: LOAD_MESSAGE, elu: meter() }), SAMPLE_MS).unref();
  onBurst(() => process.send?.({ type: BURST_MESSAGE }));
}

/** A worker's signal that a burst of chats is starting in it (start-admission.ts, decision 117). */
export const BURST_MESSAGE = "switchboard:burst";

/**
 * In the serving primary: watches its own load and the workers', and forks one more worker (at most
 * `max` processes in all) after BUSY_SECONDS of mean utilisation ≥ BUSY; the next only once that one listens.
 */
export function startElasticWorkers(
  max: number,
  {
    busy = BUSY,
    idleSeconds = IDLE_SECONDS,
    onBurst = () => {},
  }: { busy?: number; idleSeconds?: number; onBurst?: (listener: () => void) => void } = {},
) {
  const load = new Map<Worker, number>();
  const listening = new WeakSet<Worker>();
  const draining = new Set<Worker>();
  const meter = utilisationMeter();
  let starting = false;
  let stopping = false;
  let busyFor = 0;
  let quietFor = 0;
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
    } else if ((message as { type?: string })?.type === LOAD_MESSAGE && !draining.has(worker))
      load.set(worker, (message as { elu: number }).elu);
    else if ((message as { type?: string })?.type === BURST_MESSAGE) burst();
  });
  cluster.on("exit", (worker, code, signal) => {
    load.delete(worker);
    if (draining.delete(worker)) {
      log.info("worker retired", { pid: worker.process.pid, code, signal });
      return;
    }
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

  // A burst of chat starts in any serving process: the next worker now, not after BUSY_SECONDS (its
  // connections come next; those of the burst are already accepted where they are).
  const burst = () => {
    if (starting || stopping || load.size + draining.size + 1 >= ceiling) return;
    log.info("a burst of chats is starting: starting another worker", { processes: load.size + 2, max: ceiling });
    fork();
  };
  onBurst(burst);

  const timer = setInterval(() => {
    const samples = [meter(), ...load.values()];
    const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
    busyFor = mean >= busy ? busyFor + 1 : 0;
    quietFor = Math.max(...samples) <= QUIET ? quietFor + 1 : 0;
    const state = { busyFor, quietFor, workers: load.size, draining: draining.size, ceiling, starting };
    const action = elasticDecision(state, { busySeconds: BUSY_SECONDS, idleSeconds });
    if (action === "fork") {
      log.info("event loops busy: starting another worker", { processes: load.size + 2, max: ceiling });
      fork();
    } else if (action === "retire") {
      const newest = [...load.keys()].at(-1)!;
      load.delete(newest);
      draining.add(newest);
      quietFor = 0;
      log.info("event loops quiet: retiring a worker once its replies end", { pid: newest.process.pid });
      newest.send({ type: RETIRE_MESSAGE });
    }
  }, SAMPLE_MS);
  timer.unref();

  // This process's own shutdown (serve.ts) runs on the same signals; the workers get theirs.
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    clearInterval(timer);
    for (const worker of [...load.keys(), ...draining]) worker.process.kill(signal);
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
