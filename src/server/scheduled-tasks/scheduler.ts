// The scheduler, one in every server process (decisions 041, 075, 104). Each tick: claim due occurrences
// (claim.ts, with the missed-run policy of missed-runs.ts), take over runs of dead processes (leases.ts, which also holds the heartbeat),
// then start pending executions (start.ts) — no more than this process has room for, so a run marked
// started really begins then, and the rest are left to the other processes.
import { randomUUID } from "node:crypto";
import { db, type Db } from "../db/client";
import { log } from "../logger";
import { taskClock, type Clock } from "./clock";
import { claimDue, nextDueAfter } from "./claim";
import { recoverExpiredLeases, renewLeases } from "./leases";
import { markStarted } from "./start";
import { INTERRUPTED_ERROR, runExecution, type RunDeps } from "./run-task";
import { setSchedulerWaker } from "./wake";

export interface SchedulerOptions extends RunDeps {
  clock?: Clock;
  instanceId?: string;
  /**
   * The scheduler's own connections (decision 104): its claim and start transactions must not queue
   * behind the pool its runs' chats fill. Default: the process's handle.
   */
  database?: Db;
  /** Real milliseconds between ticks. */
  pollMs?: number;
  /** How long a lease holds without a heartbeat, in clock milliseconds (default 60 real seconds). */
  leaseMs?: number;
  /** Real milliseconds between heartbeats. */
  heartbeatMs?: number;
  /** Most runs one organisation may have going at once. */
  orgConcurrency?: number;
  /** Most runs this process has going at once; the others' processes take the rest. */
  processConcurrency?: number;
  /** Tasks claimed (and executions started) per transaction. */
  batchSize?: number;
  /** Most skipped occurrences recorded for one task's downtime (the newest ones). */
  maxSkippedRecorded?: number;
  /** Tests and benches: only these organisations' tasks (they share a database with other tests). */
  orgIds?: string[];
}

export { INTERRUPTED_ERROR };

type Settings = Required<Omit<SchedulerOptions, "clock" | "instanceId" | "orgIds" | "database" | keyof RunDeps>>;

export class Scheduler {
  readonly instanceId: string;
  private readonly clock: Clock;
  private readonly opts: Settings;
  private readonly orgIds: string[] | undefined;
  private readonly database: Db | undefined;
  private readonly deps: RunDeps;
  private timer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  /** Clock ms of the earliest occurrence not yet due after the last claim (null: none within a poll). */
  private nextDue: number | null = null;
  /** When (performance.now()) nextDue was looked up. */
  private nextDueAt = -Infinity;
  private stopped = true;
  readonly running = new Map<number, Promise<void>>();

  constructor(options: SchedulerOptions = {}) {
    this.clock = options.clock ?? taskClock();
    this.instanceId = options.instanceId ?? `sched-${process.pid}-${randomUUID().slice(0, 8)}`;
    const speed = this.clock.speed ?? 1;
    // A lease says "this process is alive", which is a matter of real time (event-loop stalls, a busy
    // database): 60 real seconds however fast a test clock runs (decision 075). At 20× a lease of 60 clock
    // seconds was 3 real seconds, and a loaded machine's late heartbeats failed live runs as interrupted.
    const leaseMs = options.leaseMs ?? 60_000 * speed;
    this.opts = {
      pollMs: options.pollMs ?? 1000,
      leaseMs,
      // A quarter of the lease, in real time.
      heartbeatMs: options.heartbeatMs ?? Math.max(50, leaseMs / 4 / speed),
      orgConcurrency: options.orgConcurrency ?? 5,
      processConcurrency: options.processConcurrency ?? 340,
      batchSize: options.batchSize ?? 100,
      maxSkippedRecorded: options.maxSkippedRecorded ?? 100,
    };
    this.deps = { mailer: options.mailer, publicUrl: options.publicUrl };
    this.orgIds = options.orgIds;
    this.database = options.database;
  }

  /** The scheduler's handle: read when used, as tests switch the process's database. */
  private get handle(): Db {
    return this.database ?? db();
  }

  start() {
    if (!this.stopped) return this;
    this.stopped = false;
    this.timer = setTimeout(this.loop, 0);
    return this;
  }

  private readonly loop = () => {
    this.timer = null;
    if (this.stopped) return;
    void this.tick()
      .catch((err: unknown) => log.warn("scheduler tick failed", { error: String(err) }))
      .finally(() => {
        if (!this.stopped) this.timer = setTimeout(this.loop, this.again ? 0 : this.untilNextTick());
        this.again = false;
      });
  };

  /**
   * Real ms until the next tick: the poll interval, or sooner when an occurrence falls due before it — every
   * process then claims at the minute itself instead of up to a poll later (decision 114). A few ms after it,
   * as a timer may fire a little early and the claim compares with the clock.
   */
  private untilNextTick(): number {
    const poll = this.opts.pollMs;
    // A clock without a speed (a test's stepped clock) moves only when the test says: poll.
    if (this.nextDue === null || this.clock.speed === undefined) return poll;
    const wait = (this.nextDue - this.clock.now()) / this.clock.speed;
    // Due already (it fell due while this tick ran): at once; nextDue is only ever a time after a claim.
    return wait < poll ? Math.max(0, Math.ceil(wait) + 3) : poll;
  }

  /** Stops ticking; runs already going finish (`drain` waits for them). */
  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  async drain() {
    await this.ticking;
    while (this.running.size) await Promise.all(this.running.values());
  }

  /** Asks for a tick soon (after Run Now, a new task, or a run of this process ending). */
  wake() {
    if (this.stopped) return;
    if (this.ticking) this.again = true;
    else if (this.timer) {
      clearTimeout(this.timer);
      this.timer = setTimeout(this.loop, 0);
    }
  }

  /** One pass of claim, recover and start. Ticks never overlap within a process. */
  async tick(): Promise<void> {
    if (this.ticking) return this.ticking;
    this.ticking = (async () => {
      try {
        const o = this.opts;
        // Each step on its own: one that fails (a bad row, a lost connection) must not keep the others
        // from running, or every process would stop starting runs at once (decision 075).
        const claimed = await this.step("claim", async () => {
          const args = { batchSize: o.batchSize, maxSkippedRecorded: o.maxSkippedRecorded, orgIds: this.orgIds };
          while ((await claimDue(this.handle, { ...args, now: this.clock.now() })) >= o.batchSize);
          // Looked up again once it has come, or after a poll's time (a task another process created): not
          // on every tick of a busy minute, when each finished run asks for one.
          const now = this.clock.now();
          if ((this.nextDue !== null && this.nextDue <= now) || performance.now() - this.nextDueAt >= o.pollMs) {
            this.nextDue = await nextDueAfter(this.handle, { now, orgIds: this.orgIds });
            this.nextDueAt = performance.now();
          }
        });
        // Known only after a claim that succeeded: a failing one must not make the loop spin.
        if (!claimed) this.nextDue = null;
        await this.step("recover", () => this.recover());
        await this.step("start", async () => {
          for (;;) {
            const limit = Math.min(o.batchSize, o.processConcurrency - this.running.size);
            if (limit <= 0) break;
            if ((await this.startSome(limit)) < limit) break;
          }
        });
      } finally {
        this.ticking = null;
      }
    })();
    return this.ticking;
  }

  /** Runs one step of the tick; false when it failed (logged). */
  private async step(name: string, fn: () => Promise<unknown>): Promise<boolean> {
    try {
      await fn();
      return true;
    } catch (err) {
      log.warn(`scheduler ${name} failed`, { error: String(err) });
      return false;
    }
  }

  /** Takes over runs whose process died (their lease ran out); returns how many. */
  recover(): Promise<number> {
    const o = { now: this.clock.now(), batchSize: this.opts.batchSize, orgIds: this.orgIds };
    return recoverExpiredLeases(this.handle, o);
  }

  /** Marks up to `limit` due pending executions running (within each organisation's cap) and starts them. */
  async startSome(limit = this.opts.batchSize): Promise<number> {
    const { rows: started, contexts } = await markStarted(this.handle, {
      now: this.clock.now(),
      limit,
      instanceId: this.instanceId,
      leaseMs: this.opts.leaseMs,
      orgConcurrency: this.opts.orgConcurrency,
      orgIds: this.orgIds,
    });
    // After the commit: the rows say "running" with this process's lease before any work begins. Their tasks
    // and creators came with them (decision 114); a run without one looks its own up.
    for (const row of started) {
      const work = runExecution(
        row,
        { ...this.deps, clock: this.clock, instanceId: this.instanceId },
        contexts.get(row.id),
      )
        .catch((err: unknown) => log.error("scheduled task run failed", { execution: row.id, error: String(err) }))
        .finally(() => {
          this.running.delete(row.id);
          if (!this.running.size && this.heartbeatTimer) {
            clearInterval(this.heartbeatTimer);
            this.heartbeatTimer = null;
          }
          // Room for another run (this process was at its cap, or the organisation at its own).
          this.wake();
        });
      this.running.set(row.id, work);
    }
    if (this.running.size && !this.heartbeatTimer) {
      this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.opts.heartbeatMs);
      this.heartbeatTimer.unref();
    }
    return started.length;
  }

  private async heartbeat() {
    const ids = [...this.running.keys()];
    const until = this.clock.now() + this.opts.leaseMs;
    await renewLeases(this.handle, { ids, instanceId: this.instanceId, until }).catch((err: unknown) =>
      log.warn("scheduled task heartbeat failed", { runs: ids.length, error: String(err) }),
    );
  }
}

let active: Scheduler | null = null;

/** Started by serve.ts in every server process. */
export function startScheduler(options: SchedulerOptions = {}): Scheduler {
  active?.stop();
  const started = new Scheduler(options).start();
  active = started;
  setSchedulerWaker(() => started.wake());
  return started;
}

export function stopScheduler() {
  active?.stop();
  active = null;
  setSchedulerWaker(null);
}
