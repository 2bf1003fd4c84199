// One server process: database (migrated) → app → listen → workers. main.ts runs it, once or per worker.
import path from "node:path";
import { fileURLToPath } from "node:url";
import cluster from "node:cluster";
import type { AddressInfo } from "node:net";
import type { Server as HttpServer } from "node:http";
import { createAdaptorServer } from "@hono/node-server";
import { keepConnectionsAlive } from "./http/keep-alive";
import type { Config } from "./config";
import { createApp } from "./app";
import { createServices } from "./services";
import { log, setLogLevel } from "./logger";
import { recoverInterruptedReplies, sweepEndedReplyLines } from "./chat/recover";
import { holdReplicaLock } from "./chat/replica-lock";
import { INSTANCE_ID, liveStreamCount } from "./chat/stream-hub";
import { blobStore, setFilesMayBeOnOtherServers } from "./storage/store";
import { setOwnListenPort } from "./net/outbound-guard";
import { startScheduler, stopScheduler } from "./scheduled-tasks/scheduler";
import { clockFromEnv, setTaskClock } from "./scheduled-tasks/clock";
import { createMailer } from "./email/mailer";
import { openDatabase } from "./db/client";
import { startKbWorker } from "./kb/ingest/worker";
import { expireAllLeases } from "./kb/ingest/jobs";
import { WORKER_LISTENING } from "./workers";
import { RETIRE_MESSAGE, reportLoad, workersExited } from "./elastic-workers";
import { drain } from "./drain";
import { onStartBurst } from "./chat/start-admission";
import { startMemorySettler } from "./memory/settle";

/**
 * `sharedPort`: other processes listen on this port too (decisions 093, 107); `reportLoad`: this worker
 * tells its primary how busy it is (the elastic plan grows on it).
 */
export async function runServer(
  config: Config,
  started: number,
  opts: { sharedPort?: boolean; reportLoad?: boolean } = {},
) {
  setLogLevel(config.logLevel);
  // Where a start's time goes, in the "listening" line (issue 18's cold start, decision 113).
  const stages: Record<string, number> = { modules: Math.round(performance.now() - started) };
  let mark = performance.now();
  const stage = (name: string) => {
    const now = performance.now();
    stages[name] = Math.round(now - mark);
    mark = now;
  };
  const services = await createServices(config);
  stage("services");
  Object.assign(stages, services.database.timings);
  const clientDir = process.env.CLIENT_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");
  const app = createApp({ config, auth: services.auth, clientDir });
  // Replies left "streaming" by a process that died: with the embedded database no other process can
  // own them; with PostgreSQL another replica may, so only those whose owner no longer holds its replica
  // lock (checked every 2 s, decision 088) or went silent (no heartbeat for 30 s) are recovered.
  const staleAfterSeconds = services.database.kind === "pglite" ? 0 : 30;
  const replicaLock = config.databaseUrl ? await holdReplicaLock(config.databaseUrl, INSTANCE_ID) : null;
  const self = replicaLock ? INSTANCE_ID : undefined;
  stage("app");
  await recoverInterruptedReplies({ staleAfterSeconds, self });
  await sweepEndedReplyLines();
  stage("recovery");
  if (replicaLock)
    setInterval(() => void recoverInterruptedReplies({ staleAfterSeconds, self }).catch(() => {}), 2_000).unref();
  setInterval(() => void sweepEndedReplyLines().catch(() => {}), 30_000).unref();
  if (replicaLock && blobStore().kind === "local") {
    setFilesMayBeOnOtherServers(true);
    log.warn(
      "Files are kept on this server's disk (DATA_DIR) while the database is shared: servers started on the same DATABASE_URL will not see each other's files. Set S3_BUCKET (see the README) to share them.",
    );
  }

  // Knowledge-base ingestion: every process claims files; a dead process's files are taken over (with
  // the embedded database at once, as for replies above; with PostgreSQL when their lease runs out).
  if (services.database.kind === "pglite") await expireAllLeases();
  let kbWorker: ReturnType<typeof startKbWorker> | null = null;
  // The job loops start once the server listens (decision 113): their first claims are the embedded
  // database's synchronous work on this thread, which held the first answer back by 50–230 ms. Replies
  // and leases left by a dead process are settled above, before either claims anything.
  const startJobs = async () => {
    // Scheduled tasks: every process claims due runs (decision 041). SCHEDULER_CLOCK is for tests only.
    setTaskClock(clockFromEnv());
    if (config.scheduler.enabled)
      startScheduler({
        // Its own two connections on PostgreSQL (decision 104): 1,000 runs' chats fill the main pool, and
        // claims and starts queued behind them for seconds.
        database: config.databaseUrl
          ? (await openDatabase({ url: config.databaseUrl, poolSize: 2, migrate: false })).db
          : undefined,
        orgConcurrency: config.scheduler.orgConcurrency,
        processConcurrency: config.scheduler.processConcurrency,
        // Tests only: servers started by a test run only its organisation's tasks (other test files share the
        // database at the same time, on another clock).
        orgIds: process.env.SCHEDULER_ORGS ? process.env.SCHEDULER_ORGS.split(",") : undefined,
        mailer: createMailer(config.smtp),
        publicUrl: config.publicUrl,
      });
    if (config.kbIngestConcurrency > 0)
      kbWorker = startKbWorker({
        concurrency: config.kbIngestConcurrency,
        // The embedded database runs no autovacuum: the worker vacuums the search index (decision 105).
        vacuumIndex: services.database.kind === "pglite",
      });
  };

  stage("leases");
  const server = createAdaptorServer({ fetch: app.fetch, hostname: config.host });
  keepConnectionsAlive(server as HttpServer);
  // A worker of `npm start` (decision 093) listens on a socket of its own (SO_REUSEPORT): the kernel
  // spreads connections over the workers, and one that dies takes no connection of the others with it.
  // (node:cluster's default hands every connection over from the primary, and one handed to a worker
  // in the instant it dies is never answered.)
  // The serving primary of the elastic plan (decision 107) shares its port with the workers it starts.
  const listen = opts.sharedPort ? { reusePort: true, exclusive: true } : {};
  server.listen({ port: config.port, host: config.host, ...listen }, () => {
    const info = server.address() as AddressInfo;
    setOwnListenPort(info.port);
    // An own socket is not the primary's: tell it this worker is serving (workers.ts).
    if (cluster.isWorker) process.send?.(WORKER_LISTENING);
    if (cluster.isWorker && opts.reportLoad) reportLoad(onStartBurst);
    log.info("Switchboard is listening", {
      url: config.publicUrl,
      port: info.port,
      pid: process.pid,
      database: services.database.kind,
      startupMs: Math.round(performance.now() - started),
      stages: { ...stages, listen: Math.round(performance.now() - mark) },
    });
    startJobs().catch((err: unknown) => {
      log.error("the job loops could not start", { error: String(err) });
      process.exit(1);
    });
  });
  // Start-up's garbage and young generation given back once quiet, and a busy period's after it (decision 113).
  const settler = startMemorySettler();

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    log.info("shutting down", { signal });
    server.close();
    settler.stop();
    stopScheduler();
    await replicaLock?.release();
    await kbWorker?.stop().catch(() => {});
    await services.database.close().catch(() => {});
    // The elastic plan's serving primary (decision 107) waits for its workers' own graceful shutdown.
    if (opts.sharedPort && cluster.isPrimary) await workersExited(10_000);
    process.exit(0);
  }
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  // An added worker retired by the elastic plan once the load is gone (decision 118): no new
  // connections or scheduled runs; it exits once its live replies and responses have ended.
  if (cluster.isWorker && opts.reportLoad)
    process.on("message", (message: { type?: string }) => {
      if (message?.type !== RETIRE_MESSAGE || closing) return;
      log.info("retiring: no new connections; exiting once the live replies end", { replies: liveStreamCount() });
      stopScheduler();
      void drain({ server: server as HttpServer, liveReplies: liveStreamCount }).then(() => shutdown("retired"));
    });
}
