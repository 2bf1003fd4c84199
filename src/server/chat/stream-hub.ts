// Live replies of this process. Each reply's protocol lines are kept in memory and written to the
// database before any client is sent them (decision 029): a write covers every reply's pending lines
// in one multi-row insert, and the lines it stored then go to this process's subscribers, so a client
// never sees a line a crash could lose. A write starts at most once a window (decision 150), so that lines
// coming in quick succession share one. A resume on another replica reads the same rows. A heartbeat
// marks the replies as alive; a stop request (from any replica) reaches the owner through the database.
import { randomUUID } from "node:crypto";
import type { WithSubquery } from "drizzle-orm";
import type { Executor } from "../db/client";
import { log } from "../logger";
import {
  chunksAfter,
  finishStream,
  heartbeat,
  insertChunks,
  insertStream,
  requestStreamStop,
  streamStatus,
} from "./stream-queries";
import { runChatBegin, type ChatBeginRows } from "./begin-statement";
import { mark } from "../perf/trace";
import { warmOwnConnection } from "../db/own-connection";

export const INSTANCE_ID = randomUUID();
/** How often a failed write is retried and the heartbeat is due-checked. */
const TICK_MS = 200;
const HEARTBEAT_MS = 5000;

/** Gets each stored batch of lines as one chunk, then null when the reply ends. */
type Listener = (chunk: string | null) => void;

interface LiveStream {
  id: string;
  orgId: string;
  lines: string[];
  /** lines[0, persisted) are in chat_stream_chunk: only those may be sent. */
  persisted: number;
  seq: number;
  listeners: Set<Listener>;
  abort: AbortController;
  /** Its chat_stream row exists, so its chunks may be written. */
  stored: boolean;
  /** Settles the hold push() gave for the reply's first line, once that line's write is done (or failed). */
  onStored?: () => void;
}

const live = new Map<string, LiveStream>();
let timer: NodeJS.Timeout | null = null;
let lastHeartbeat = 0;
/** Replies with lines not yet written. */
const dirty = new Set<LiveStream>();
/** The write in progress; lines pushed meanwhile go in the next one (one write at a time). */
let flushing: Promise<void> | null = null;
/**
 * A write begins no sooner than this long after the one before began (decision 150): the lines that came
 * meanwhile go in one write instead of one each, at the cost of a delay that short. A reply's first line
 * and a reply's end cut the wait short.
 */
let windowMs = 8;
/** Ends the current wait between writes at once (set while one waits). */
let cutShort: (() => void) | undefined;
/** A line or an end that must not wait for the window came since the last write began. */
let urgent = false;
/** When the last write began (performance.now()). */
let lastBegan = -Infinity;

/** Tests: another window between writes; returns the one it replaces. */
export function setWriteWindowMs(ms: number): number {
  const was = windowMs;
  windowMs = ms;
  return was;
}

function hurry() {
  urgent = true;
  cutShort?.();
}

/**
 * Registers a reply in this process at once; `store()` writes its row. The reply writes the row while
 * the model is being asked (not before), so the write is off the time to first token; lines pushed
 * before then wait in memory.
 */
export function openStream({ id, orgId, conversationId }: { id: string; orgId: string; conversationId: string }) {
  const s: LiveStream = {
    id,
    orgId,
    lines: [],
    persisted: 0,
    seq: 0,
    listeners: new Set(),
    abort: new AbortController(),
    stored: false,
  };
  live.set(id, s);
  timer ??= setInterval(() => void tick(), TICK_MS);
  // The chunk inserts' connection, opened while the reply sets itself up (decision 140).
  warmOwnConnection();
  // `before`: rows to insert in the same statement (one commit, not several). `first`: the reply's first
  // lines, stored by that statement as well: they may be sent once it returns, and no insert of theirs is
  // in flight when the model's first token comes (decision 112).
  // `before` as a chat's rows (not CTEs): the statement built once per process (decision 117).
  const store = async (before?: WithSubquery[] | ChatBeginRows, first: string[] = []) => {
    const ref = { orgId, id, conversationId, instanceId: INSTANCE_ID };
    if (before && !Array.isArray(before)) await runChatBegin(before, { ...ref, firstChunk: first.join("") });
    else await insertStream(ref, Array.isArray(before) ? before : undefined, first.length ? first.join("") : undefined);
    if (first.length) {
      s.lines.unshift(...first);
      s.persisted = first.length;
      s.seq = 1;
      notify(s, first.join(""));
    }
    s.stored = true;
    if (s.lines.length > s.persisted) {
      dirty.add(s); // lines that waited for the row
      void flushSoon();
    }
  };
  /** Forgets a reply whose rows could not be stored (it never started). */
  const discard = () => {
    live.delete(id);
    dirty.delete(s);
  };
  return { abort: s.abort, store, discard };
}

/**
 * Adds a line to a reply. Returns, for the reply's first line after its start, a promise settled once that
 * line's write is done (or failed; never rejected): the caller may hold its next lines until then (decision 140).
 */
export function push(id: string, line: string): Promise<void> | undefined {
  const s = live.get(id);
  if (!s || !line) return;
  s.lines.push(line);
  if (!s.stored) return; // written once its row is
  dirty.add(s);
  // A reply's first line after its start goes to the database at once, not after the rest of this turn
  // (the model's other parts of the same read): it is the time to first token (decision 112).
  const first = s.seq <= 1 && s.lines.length - s.persisted === 1;
  // Not the write loop's end: under load it goes on while lines keep coming. This line's own write.
  const stored = first ? new Promise<void>((r) => (s.onStored = r)) : undefined;
  if (first) hurry();
  void flushSoon(first);
  return stored;
}

function settle(s: LiveStream) {
  const done = s.onStored;
  s.onStored = undefined;
  done?.();
}

/**
 * Writes every reply's pending lines, then hands each reply's batch to its subscribers; repeats while
 * lines arrived during the write. Resolves when nothing is pending (or a write failed: the tick retries).
 */
function flushSoon(now = false): Promise<void> {
  return (flushing ??= drain(now));
}

async function drain(now: boolean) {
  mark?.("flush queued");
  // Lines produced in this turn of the event loop go in one write (`now`: after this call's caller).
  await (now ? null : new Promise((r) => setImmediate(r)));
  mark?.("flush after setImmediate");
  try {
    for (;;) {
      if (!dirty.size) return;
      const rest = windowMs - (performance.now() - lastBegan);
      if (rest >= 1 && !urgent) {
        await windowEnd(rest);
        if (!dirty.size) return;
      }
      const batch = [...dirty].map((s) => ({ s, end: s.lines.length, data: s.lines.slice(s.persisted).join("") }));
      dirty.clear();
      urgent = false;
      lastBegan = performance.now();
      mark?.(`insert ${batch.reduce((n, b) => n + b.end - b.s.persisted, 0)} lines`);
      await insertChunks(batch.map(({ s, data }) => ({ orgId: s.orgId, streamId: s.id, seq: s.seq, data })));
      mark?.("insert committed");
      for (const b of batch) {
        b.s.seq++;
        b.s.persisted = b.end;
      }
      for (const { s, data } of batch) {
        notify(s, data);
        settle(s);
      }
    }
  } catch (err) {
    // Not sent, so kept for the next write (the tick retries); a held reply goes on meanwhile.
    for (const s of live.values()) {
      if (s.stored && s.persisted < s.lines.length) dirty.add(s);
      settle(s);
    }
    log.error("chat stream flush failed", { error: String(err) });
  } finally {
    flushing = null;
  }
}

/** Waits `ms`, or less when a line or an end cannot wait (hurry). */
function windowEnd(ms: number) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      cutShort = undefined;
      resolve();
    }
    cutShort = done;
  });
}

/** A subscriber that fails (a closed stream) must not hold back the others. */
function notify(s: LiveStream, chunk: string | null) {
  for (const l of s.listeners) {
    try {
      l(chunk);
    } catch (err) {
      log.warn("chat stream subscriber failed", { error: String(err) });
    }
  }
}

async function tick() {
  try {
    await flushSoon();
    if (Date.now() - lastHeartbeat > HEARTBEAT_MS && live.size) {
      lastHeartbeat = Date.now();
      const stops = await heartbeat([...live.values()].map((s) => ({ orgId: s.orgId, id: s.id })));
      for (const id of stops) live.get(id)?.abort.abort();
    }
  } catch (err) {
    log.error("chat stream flush failed", { error: String(err) });
  }
  if (!live.size && timer) {
    clearInterval(timer);
    timer = null;
  }
}

/**
 * `end`: runs the statement that marks the stream ended with the reply's final rows (end-statement.ts),
 * given the stream's status; it returns its count. Resolves `written` true when that statement ran, and
 * `count` as it returned.
 */
export async function closeStream(
  id: string,
  status: "done" | "error" | "aborted",
  end?: (status: "done" | "error" | "aborted") => Promise<number | null>,
): Promise<{ written: boolean; count: number | null }> {
  const s = live.get(id);
  if (!s) return { written: false, count: null };
  let written = false;
  let counted: number | null = null;
  try {
    // The last lines are written before the end is announced; if they cannot be, they are not sent.
    hurry();
    await flushSoon();
    if (s.persisted < s.lines.length) await flushSoon();
    if (s.stored) {
      if (!end) await finishStream({ orgId: s.orgId, id, status });
      else
        try {
          counted = await end(status);
          written = true;
        } catch (err) {
          // What went with it failed (logged): the stream still ends, as it did when they were apart.
          log.error("failed to store assistant message", { id, error: String(err) });
          await finishStream({ orgId: s.orgId, id, status });
        }
    }
  } finally {
    notify(s, null);
    settle(s);
    live.delete(id);
    dirty.delete(s);
  }
  return { written, count: counted };
}

export const abortSignalOf = (id: string) => live.get(id)?.abort.signal;

/** Asks the reply to stop, wherever it runs. */
export async function requestStop({ orgId, id }: { orgId: string; id: string }) {
  live.get(id)?.abort.abort();
  await requestStreamStop({ orgId, id });
}

/**
 * Follows a reply this process owns: `onData` gets everything stored so far, then each stored batch;
 * `onEnd` when it finishes. Returns the unfollow function, or null when another process owns the reply.
 */
export function follow(id: string, onData: (chunk: string) => void, onEnd: () => void): (() => void) | null {
  const s = live.get(id);
  if (!s) return null;
  if (s.persisted) onData(s.lines.slice(0, s.persisted).join(""));
  const listener: Listener = (chunk) => (chunk === null ? onEnd() : onData(chunk));
  s.listeners.add(listener);
  return () => void s.listeners.delete(listener);
}

/**
 * A readable stream of a reply's lines from the beginning: from memory when this process owns it,
 * otherwise from the database, polling until the owner marks it finished.
 */
export function subscribe(id: string, orgId: string): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  if (live.has(id)) {
    let unfollow: (() => void) | null = null;
    return new ReadableStream({
      start(controller) {
        unfollow = follow(
          id,
          (chunk) => controller.enqueue(enc.encode(chunk)),
          () => controller.close(),
        );
      },
      cancel() {
        unfollow?.();
      },
    });
  }
  let seq = -1;
  let cancelled = false;
  return new ReadableStream({
    async pull(controller) {
      for (;;) {
        if (cancelled) return;
        const chunks = await chunksAfter({ orgId, streamId: id, seq });
        if (chunks.length) {
          seq = chunks[chunks.length - 1]!.seq;
          controller.enqueue(enc.encode(chunks.map((c) => c.data).join("")));
          return;
        }
        if ((await streamStatus({ orgId, id })) !== "active") {
          // The owner stores every line before marking the end: lines stored between the read
          // above and the status are sent before the stream closes.
          const last = await chunksAfter({ orgId, streamId: id, seq });
          if (last.length) controller.enqueue(enc.encode(last.map((c) => c.data).join("")));
          controller.close();
          return;
        }
        await new Promise((r) => setTimeout(r, 150));
      }
    },
    cancel() {
      cancelled = true;
    },
  });
}

export async function readAllLines({ orgId, id }: { orgId: string; id: string }, exec?: Executor): Promise<string> {
  const s = live.get(id);
  if (s) return s.lines.slice(0, s.persisted).join("");
  const chunks = await chunksAfter({ orgId, streamId: id, seq: -1 }, exec);
  return chunks.map((c) => c.data).join("");
}

export const liveStreamCount = () => live.size;

export const isLive = (id: string) => live.has(id);
