// `npm start` on PostgreSQL with WEB_CONCURRENCY=N runs N worker processes (decision 093): this primary process only
// forks them and starts another when one dies; they all listen on the port (SO_REUSEPORT). Each worker
// is a whole server — its own replica lock, stream hub, scheduler and ingestion worker — exactly like a
// replica on another host, so nothing else changes. The embedded database (PGlite) belongs to one process.
import cluster, { type Worker } from "node:cluster";
import { availableParallelism, hostname } from "node:os";
import type { Config } from "./config";
import { log } from "./logger";
import { embeddedIPv4, ipLiteralBytes, normaliseHost } from "./net/address-policy";

export type WorkerPlan =
  | { mode: "single" }
  /** WEB_CONCURRENCY=N: a thin primary and N workers from the start (decision 093). */
  | { mode: "fixed"; count: number }
  /** PostgreSQL without WEB_CONCURRENCY: one serving process, up to `max` under load (decision 107). */
  | { mode: "elastic"; max: number };

export function workerPlan(
  config: Pick<Config, "databaseUrl" | "webConcurrency" | "webConcurrencyMax">,
  cores = availableParallelism(),
): WorkerPlan {
  if (!config.databaseUrl) {
    if ((config.webConcurrency ?? 1) > 1)
      log.warn("WEB_CONCURRENCY is ignored with the embedded database: it runs in one process");
    return { mode: "single" };
  }
  if (config.webConcurrency !== undefined)
    return config.webConcurrency > 1 ? { mode: "fixed", count: config.webConcurrency } : { mode: "single" };
  // A database on this host runs its backends on the same cores: a worker on every core competes with
  // them, and on two cores a second worker cost CPU and ~80 MB at every load and shortened no delay
  // (decision 142).
  const max = config.webConcurrencyMax ?? (databaseOnThisHost(config.databaseUrl) ? cores - 1 : cores);
  return max > 1 ? { mode: "elastic", max } : { mode: "single" };
}

/** The URL names a loopback address (any spelling), this host's name or a Unix socket (no host, or a path). */
export function databaseOnThisHost(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const host = normaliseHost(decodeURIComponent(parsed.hostname));
  const socket = parsed.searchParams.get("host");
  if (!host) return !socket || socket.startsWith("/");
  if (host.startsWith("/")) return true;
  // The outbound guard's parser: 127.1, 0x7f.0.0.1, [0:0:0:0:0:0:0:1], [::ffff:127.0.0.1] and the like.
  const ip = ipLiteralBytes(host);
  if (ip)
    return ip.family === 4
      ? ip.bytes[0] === 127
      : ip.bytes.every((b, i) => b === (i === 15 ? 1 : 0)) || embeddedIPv4(ip.bytes).some((v4) => v4[0] === 127);
  return host === "localhost" || host.endsWith(".localhost") || host === normaliseHost(hostname());
}

/** The message a worker sends once it listens (its socket is its own, so the primary cannot see it). */
export const WORKER_LISTENING = "switchboard:listening";

/** A worker that dies is replaced after this long; one that dies before it listened stops the server. */
const RESPAWN_DELAY_MS = 500;

export function runPrimary(count: number) {
  let stopping = false;
  const ready = new WeakSet<Worker>();
  cluster.on("message", (worker, message) => {
    if (message === WORKER_LISTENING) ready.add(worker);
  });
  cluster.on("exit", (worker, code, signal) => {
    const alive = Object.keys(cluster.workers ?? {}).length;
    if (stopping) {
      if (!alive) process.exit();
      return;
    }
    if (!ready.has(worker)) {
      // A start-up failure (configuration, database) would fail again: end like a single process would.
      log.error("a worker stopped before it was listening; stopping the server", { pid: worker.process.pid, code });
      stop("SIGTERM", 1);
      return;
    }
    log.warn("worker died; starting another", { pid: worker.process.pid, code, signal });
    setTimeout(() => !stopping && cluster.fork(), RESPAWN_DELAY_MS);
  });

  const stop = (signal: NodeJS.Signals, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = exitCode;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    if (!workers.length) process.exit(exitCode);
    // Each worker shuts down gracefully (closes its server, releases its replica lock).
    for (const w of workers) w.process.kill(signal);
    setTimeout(() => process.exit(), 10_000).unref();
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));

  log.info("starting worker processes", { workers: count, pid: process.pid });
  for (let i = 0; i < count; i++) cluster.fork();
}
