// The ingestion worker every server process runs (decision 045): it claims files (jobs.ts), works on
// up to `concurrency` at a time, renews each lease while it works, and drains the blob-deletion queue.
// A process that dies leaves leases that run out; any other process (or this one, restarted) takes
// the files over. A clean stop hands its files back at once.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { log } from "../../logger";
import { drainBlobDeletionsSoon } from "../blob-deletions";
import { vacuumIndexTables } from "../index/maintenance";
import { rollUpPending } from "../chunk-index";
import { claimNextFile, releaseJobs, renewLease, type Lease } from "./jobs";
import { processFile, type JobContext } from "./process-file";
import { onWake } from "./wake";
import type { KbFileRow } from "../file-queries";
import type { EmbedOptions } from "./embed";

export interface WorkerOptions {
  concurrency?: number;
  pollMs?: number;
  leaseSeconds?: number;
  /** Only this organisation's files (tests, which share one database between files). */
  orgId?: string;
  embed?: EmbedOptions;
  /**
   * VACUUM the search index's tables after each job: for the embedded database, which runs no
   * autovacuum (decision 105). PostgreSQL's autovacuum does it there.
   */
  vacuumIndex?: boolean;
}

export interface KbWorker {
  owner: string;
  stop(): Promise<void>;
}

/** Works on one claimed file, renewing its lease every third of the lease; aborts if the lease is lost. */
export async function runJob(row: KbFileRow, lease: Lease, opts: { signal?: AbortSignal; embed?: EmbedOptions } = {}) {
  const controller = new AbortController();
  const stop = () => controller.abort(new Error("stopped"));
  opts.signal?.addEventListener("abort", stop);
  const heartbeat = setInterval(
    () =>
      void renewLease(row, lease)
        .then((held) => {
          if (!held) controller.abort(new Error("The job was taken over or the file deleted"));
        })
        .catch((err) => log.warn("knowledge-base lease renewal failed", { fileId: row.id, error: String(err) })),
    Math.max(250, (lease.leaseSeconds * 1000) / 3),
  );
  try {
    const ctx: JobContext = { lease, signal: controller.signal, embed: opts.embed };
    await processFile(row, ctx);
  } finally {
    clearInterval(heartbeat);
    opts.signal?.removeEventListener("abort", stop);
  }
}

/** Processes this organisation's waiting files until none is left (tests and scripts). */
export async function processPendingFiles(orgId: string, opts: Omit<WorkerOptions, "orgId"> = {}) {
  const lease = { owner: `once:${randomUUID()}`, leaseSeconds: opts.leaseSeconds ?? 60 };
  let n = 0;
  for (let row = await claimNextFile(lease, orgId); row; row = await claimNextFile(lease, orgId)) {
    await runJob(row, lease, { embed: opts.embed });
    n++;
  }
  if (opts.vacuumIndex && n > 0) await vacuumIndexTables();
  return n;
}

export function startKbWorker(opts: WorkerOptions = {}): KbWorker {
  const concurrency = Math.max(1, opts.concurrency ?? 1);
  const lease: Lease = {
    owner: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    leaseSeconds: opts.leaseSeconds ?? 60,
  };
  const stopping = new AbortController();
  const active = new Set<Promise<void>>();
  let wake: (() => void) | null = null;
  const unsubscribe = onWake(() => wake?.());
  let lastDrain = 0;
  // One vacuum at a time; jobs that end meanwhile ask for one more after it.
  let vacuuming: Promise<void> | null = null;
  let vacuumAgain = false;
  const vacuumSoon = () => {
    if (vacuuming) {
      vacuumAgain = true;
      return;
    }
    vacuuming = (async () => {
      do {
        vacuumAgain = false;
        await vacuumIndexTables().catch((err) =>
          log.warn("knowledge-base index vacuum failed", { error: String(err?.message ?? err) }),
        );
      } while (vacuumAgain && !stopping.signal.aborted);
    })().finally(() => {
      vacuuming = null;
    });
  };

  const loop = async () => {
    while (!stopping.signal.aborted) {
      if (Date.now() - lastDrain > 30_000) {
        lastDrain = Date.now();
        void drainBlobDeletionsSoon();
      }
      let claimed: KbFileRow | null = null;
      if (active.size < concurrency) {
        claimed = await claimNextFile(lease, opts.orgId).catch((err) => {
          log.error("knowledge-base claim failed", { error: String(err?.message ?? err) });
          return null;
        });
      }
      if (claimed) {
        const job = runJob(claimed, lease, { signal: stopping.signal, embed: opts.embed })
          .catch((err) => log.error("knowledge-base job crashed", { fileId: claimed!.id, error: String(err) }))
          .finally(() => {
            active.delete(job);
            if (opts.vacuumIndex) vacuumSoon();
            wake?.();
          });
        active.add(job);
        continue;
      }
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, opts.pollMs ?? 2000);
        wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      wake = null;
    }
  };
  const running = loop();
  // Indexed files outside their knowledge base's df rollup: an upgrade, or a process that died before its job.
  const catchingUp = rollUpPending(opts.orgId).catch((err) =>
    log.warn("knowledge-base df rollup failed", { error: String(err?.message ?? err) }),
  );
  log.info("knowledge-base worker started", { owner: lease.owner, concurrency });
  return {
    owner: lease.owner,
    async stop() {
      stopping.abort();
      wake?.();
      unsubscribe();
      await running;
      await Promise.allSettled([...active]);
      await vacuuming;
      await catchingUp;
      await releaseJobs(lease.owner).catch(() => {});
    },
  };
}
