// Live replies of this process. Each reply's protocol lines are kept in memory for subscribers on
// this process and written to the database in batches (one multi-row insert per tick for all
// replies), so a client can resume it on any replica. A heartbeat marks the replies as alive; a
// stop request (from any replica) reaches the owner through the database.
import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, sql, type WithSubquery } from "drizzle-orm";
import { db } from "../db/client";
import { chatStream, chatStreamChunk } from "../db/tables";
import { log } from "../logger";

export const INSTANCE_ID = randomUUID();
const FLUSH_MS = 200;
const HEARTBEAT_MS = 5000;

type Listener = (line: string | null) => void;

interface LiveStream {
  id: string;
  orgId: string;
  lines: string[];
  persisted: number;
  seq: number;
  listeners: Set<Listener>;
  abort: AbortController;
  /** Its chat_stream row exists, so its chunks may be written. */
  stored: boolean;
}

const live = new Map<string, LiveStream>();
let timer: NodeJS.Timeout | null = null;
let lastHeartbeat = 0;

/**
 * Registers a reply in this process at once; `store()` writes its row. The reply writes the row while
 * the model is being asked (not before), so the write is off the time to first token; lines pushed
 * before then wait in memory.
 */
export function openStream({ id, orgId, conversationId }: { id: string; orgId: string; conversationId: string }) {
  const s: LiveStream = { id, orgId, lines: [], persisted: 0, seq: 0, listeners: new Set(), abort: new AbortController(), stored: false };
  live.set(id, s);
  timer ??= setInterval(() => void tick(), FLUSH_MS);
  // `before`: a row to insert in the same statement (one commit, not two).
  const store = async (before?: WithSubquery) => {
    await (before ? db().with(before) : db()).insert(chatStream).values({ id, organizationId: orgId, conversationId, instanceId: INSTANCE_ID });
    s.stored = true;
  };
  return { abort: s.abort, store };
}

export function push(id: string, line: string) {
  const s = live.get(id);
  if (!s || !line) return;
  s.lines.push(line);
  for (const l of s.listeners) l(line);
}

async function flush() {
  const rows: Array<{ streamId: string; seq: number; data: string }> = [];
  for (const s of live.values()) {
    if (s.stored && s.persisted < s.lines.length) {
      rows.push({ streamId: s.id, seq: s.seq++, data: s.lines.slice(s.persisted).join("") });
      s.persisted = s.lines.length;
    }
  }
  if (rows.length) await db().insert(chatStreamChunk).values(rows);
}

async function tick() {
  try {
    await flush();
    if (Date.now() - lastHeartbeat > HEARTBEAT_MS && live.size) {
      lastHeartbeat = Date.now();
      const ids = [...live.keys()];
      await db().update(chatStream).set({ heartbeatAt: sql`now()` }).where(inArray(chatStream.id, ids));
      const stops = await db().select({ id: chatStream.id }).from(chatStream).where(and(inArray(chatStream.id, ids), eq(chatStream.stopRequested, true)));
      for (const { id } of stops) live.get(id)?.abort.abort();
    }
  } catch (err) {
    log.error("chat stream flush failed", { error: String(err) });
  }
  if (!live.size && timer) {
    clearInterval(timer);
    timer = null;
  }
}

export async function closeStream(id: string, status: "done" | "error" | "aborted") {
  const s = live.get(id);
  if (!s) return;
  try {
    await flush();
    if (s.stored) await db().update(chatStream).set({ status }).where(eq(chatStream.id, id));
  } finally {
    for (const l of s.listeners) l(null);
    live.delete(id);
  }
}

export const abortSignalOf = (id: string) => live.get(id)?.abort.signal;

/** Asks the reply to stop, wherever it runs. */
export async function requestStop({ orgId, id }: { orgId: string; id: string }) {
  live.get(id)?.abort.abort();
  await db()
    .update(chatStream)
    .set({ stopRequested: true })
    .where(and(eq(chatStream.organizationId, orgId), eq(chatStream.id, id), eq(chatStream.status, "active")));
}

/**
 * Follows a reply this process owns: `onData` gets everything so far, then new lines; `onEnd` when it
 * finishes. The first line of a turn of the event loop goes out at once and the rest of that turn's
 * lines follow as one chunk: under load one write per reply per turn instead of one per token.
 * Returns the unfollow function, or null when another process owns the reply.
 */
export function follow(id: string, onData: (chunk: string) => void, onEnd: () => void): (() => void) | null {
  const s = live.get(id);
  if (!s) return null;
  let closed = false;
  let pending: string[] = [];
  let scheduled = false;
  const send = () => {
    scheduled = false;
    if (closed || !pending.length) return;
    const chunk = pending.length === 1 ? pending[0]! : pending.join("");
    pending = [];
    onData(chunk);
  };
  if (s.lines.length) onData(s.lines.join(""));
  const listener: Listener = (line) => {
    if (closed) return;
    if (line === null) {
      send();
      closed = true;
      onEnd();
      return;
    }
    if (scheduled) return void pending.push(line);
    onData(line);
    scheduled = true;
    setImmediate(send);
  };
  s.listeners.add(listener);
  return () => {
    closed = true;
    s.listeners.delete(listener);
  };
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
        const chunks = await db()
          .select({ seq: chatStreamChunk.seq, data: chatStreamChunk.data })
          .from(chatStreamChunk)
          .where(and(eq(chatStreamChunk.streamId, id), gt(chatStreamChunk.seq, seq)))
          .orderBy(asc(chatStreamChunk.seq));
        if (chunks.length) {
          seq = chunks[chunks.length - 1]!.seq;
          controller.enqueue(enc.encode(chunks.map((c) => c.data).join("")));
          return;
        }
        const [row] = await db().select({ status: chatStream.status }).from(chatStream).where(and(eq(chatStream.id, id), eq(chatStream.organizationId, orgId)));
        if (!row || row.status !== "active") {
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

export async function readAllLines(id: string): Promise<string> {
  const s = live.get(id);
  if (s) return s.lines.join("");
  const chunks = await db().select({ data: chatStreamChunk.data }).from(chatStreamChunk).where(eq(chatStreamChunk.streamId, id)).orderBy(asc(chatStreamChunk.seq));
  return chunks.map((c) => c.data).join("");
}

export const liveStreamCount = () => live.size;

export const isLive = (id: string) => live.has(id);
