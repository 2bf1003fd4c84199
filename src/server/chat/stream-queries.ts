// Every query on chat_stream and chat_stream_chunk (a reply being generated and its stored lines).
// A query about one reply takes orgId first. The process's housekeeping spans organisations by
// nature — the heartbeat of its own live replies, the recovery of silent ones, the chunk sweep — and
// still names each row by (organisation, id) where it has one.
import { and, asc, desc, eq, gt, lt, ne, or, sql, type SQL, type WithSubquery } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { chatStream, chatStreamChunk } from "../db/tables";
import { replicaIsAlive } from "./replica-lock";
import { runNamed } from "../db/named-query";
import { runOnOwnConnection } from "../db/own-connection";

export type StreamStatus = "active" | "done" | "error" | "aborted" | "interrupted";

export interface StreamRef {
  orgId: string;
  id: string;
}

/** `(organization_id, id) IN ((…), …)`: rows of several organisations, each named by both. */
function inRefs(refs: StreamRef[]): SQL {
  return sql`(${chatStream.organizationId}, ${chatStream.id}) in (${sql.join(
    refs.map((r) => sql`(${r.orgId}, ${r.id}::uuid)`),
    sql`, `,
  )})`;
}

/**
 * `before`: rows to insert in the same statement (one commit, not several). `firstChunk`: the reply's
 * first lines, stored as its chunk 0 in that statement too (decision 112).
 */
export async function insertStream(
  { orgId, id, conversationId, instanceId }: StreamRef & { conversationId: string; instanceId: string },
  before: WithSubquery[] = [],
  firstChunk?: string,
) {
  const ctes = firstChunk
    ? [
        ...before,
        db()
          .$with("first_chunk")
          .as(
            db()
              .insert(chatStreamChunk)
              .values({ organizationId: orgId, streamId: id, seq: 0, data: firstChunk })
              .returning({ seq: chatStreamChunk.seq }),
          ),
      ]
    : before;
  // Named (decision 109): the same text reply after reply, parsed once per connection.
  await runNamed(
    (ctes.length ? db().with(...ctes) : db())
      .insert(chatStream)
      .values({ id, organizationId: orgId, conversationId, instanceId })
      .toSQL(),
  );
}

/** The conversation's latest reply, if it is still being generated. */
export async function latestActiveStream({ orgId, conversationId }: { orgId: string; conversationId: string }) {
  const [row] = await db()
    .select({ id: chatStream.id, status: chatStream.status })
    .from(chatStream)
    .where(and(eq(chatStream.organizationId, orgId), eq(chatStream.conversationId, conversationId)))
    .orderBy(desc(chatStream.createdAt))
    .limit(1);
  return row?.status === "active" ? row : null;
}

/** Whether any reply is being generated in the conversation. */
export async function hasActiveStream({ orgId, conversationId }: { orgId: string; conversationId: string }) {
  const [row] = await db()
    .select({ id: chatStream.id })
    .from(chatStream)
    .where(
      and(
        eq(chatStream.organizationId, orgId),
        eq(chatStream.conversationId, conversationId),
        eq(chatStream.status, "active"),
      ),
    )
    .limit(1);
  return !!row;
}

export async function streamStatus({ orgId, id }: StreamRef): Promise<string | null> {
  const [row] = await db()
    .select({ status: chatStream.status })
    .from(chatStream)
    .where(and(eq(chatStream.organizationId, orgId), eq(chatStream.id, id)));
  return row?.status ?? null;
}

/**
 * Marks the reply finished. `heartbeat_at` becomes the time it ended, from which the chunk sweep
 * counts its grace period. (A reply's end with its final rows is end-statement.ts; this is the end
 * alone, when those could not be written.)
 */
export async function finishStream({ orgId, id, status }: StreamRef & { status: StreamStatus }) {
  await db()
    .update(chatStream)
    .set({ status, heartbeatAt: sql`now()` })
    .where(and(eq(chatStream.organizationId, orgId), eq(chatStream.id, id)));
}

export async function requestStreamStop({ orgId, id }: StreamRef) {
  await db()
    .update(chatStream)
    .set({ stopRequested: true })
    .where(and(eq(chatStream.organizationId, orgId), eq(chatStream.id, id), eq(chatStream.status, "active")));
}

/** The heartbeat of this process's live replies; returns those a stop was requested for. */
export async function heartbeat(refs: StreamRef[]): Promise<string[]> {
  if (!refs.length) return [];
  await db()
    .update(chatStream)
    .set({ heartbeatAt: sql`now()` })
    .where(inRefs(refs));
  const stops = await db()
    .select({ id: chatStream.id })
    .from(chatStream)
    .where(and(inRefs(refs), eq(chatStream.stopRequested, true)));
  return stops.map((s) => s.id);
}

/**
 * Every live reply's pending lines in one insert (decision 029), whatever their organisation: one
 * statement of four array parameters whatever the number of rows (decision 106) — building a multi-row
 * insert with the query builder cost more CPU than the rest of the flush, and this text never changes.
 */
/** The chunk insert's text: one statement for any number of rows (arrays), so it is named once (decision 116). */
const INSERT_CHUNKS = `insert into chat_stream_chunk (organization_id, stream_id, seq, data)
  select * from unnest($1::text[], $2::uuid[], $3::int[], $4::text[])`;

/**
 * Stores a batch of lines of one or more replies: the statement that runs for nearly every token at a
 * real pace, so it is a named statement of a fixed text (parsed once per connection) rather than built
 * by drizzle each time (decision 116).
 */
export async function insertChunks(rows: Array<{ orgId: string; streamId: string; seq: number; data: string }>) {
  // On a connection of its own: written in the call, not after the promise jobs queued meanwhile (decision 140).
  await runOnOwnConnection({
    sql: INSERT_CHUNKS,
    params: [rows.map((r) => r.orgId), rows.map((r) => r.streamId), rows.map((r) => r.seq), rows.map((r) => r.data)],
  });
}

export async function chunksAfter(
  { orgId, streamId, seq }: { orgId: string; streamId: string; seq: number },
  exec: Executor = db(),
) {
  return exec
    .select({ seq: chatStreamChunk.seq, data: chatStreamChunk.data })
    .from(chatStreamChunk)
    .where(
      and(
        eq(chatStreamChunk.organizationId, orgId),
        eq(chatStreamChunk.streamId, streamId),
        gt(chatStreamChunk.seq, seq),
      ),
    )
    .orderBy(asc(chatStreamChunk.seq));
}

/**
 * Replies still marked active whose owner has been silent for `staleAfterSeconds` (any organisation)
 * or, given `self` (PostgreSQL), whose owner — another process — no longer holds its replica lock.
 */
export async function listSilentStreams({
  staleAfterSeconds,
  self,
}: {
  staleAfterSeconds: number;
  self?: string;
}): Promise<StreamRef[]> {
  const silent = lt(chatStream.heartbeatAt, sql`now() - make_interval(secs => ${staleAfterSeconds})`);
  const dead = self
    ? and(ne(chatStream.instanceId, self), sql`not ${replicaIsAlive(sql`${chatStream.instanceId}`)}`)
    : undefined;
  return db()
    .select({ id: chatStream.id, orgId: chatStream.organizationId })
    .from(chatStream)
    .where(and(eq(chatStream.status, "active"), dead ? or(silent, dead) : silent));
}

/**
 * Claims a silent reply for recovery (false when another replica did first). Its end time is now, so
 * the chunk sweep leaves its lines alone while they are read.
 */
export async function claimInterrupted({ orgId, id }: StreamRef, exec: Executor = db()): Promise<boolean> {
  const claimed = await exec
    .update(chatStream)
    .set({ status: "interrupted", heartbeatAt: sql`now()` })
    .where(and(eq(chatStream.organizationId, orgId), eq(chatStream.id, id), eq(chatStream.status, "active")))
    .returning({ id: chatStream.id });
  return claimed.length > 0;
}

/**
 * Deletes the lines of replies that ended more than `graceSeconds` ago (any organisation): their
 * message holds them (decision 038). Driven from the chunk table, which holds recent replies only.
 */
export async function deleteFinishedChunks({ graceSeconds }: { graceSeconds: number }): Promise<number> {
  const deleted = await db()
    .delete(chatStreamChunk)
    .where(
      sql`exists (select 1 from ${chatStream} where ${and(
        eq(chatStream.organizationId, chatStreamChunk.organizationId),
        eq(chatStream.id, chatStreamChunk.streamId),
        ne(chatStream.status, "active"),
        lt(chatStream.heartbeatAt, sql`now() - make_interval(secs => ${graceSeconds})`),
      )})`,
    )
    .returning({ seq: chatStreamChunk.seq });
  return deleted.length;
}

/**
 * Deletes the rows of replies that ended more than `olderThanSeconds` ago (any organisation; their lines
 * went with the chunk sweep long before), at most `batch` per call so a first sweep of a big table stays
 * short. The reply itself is its message; the row only served the live stream and its resumes.
 */
export async function deleteEndedStreams({ olderThanSeconds, batch }: { olderThanSeconds: number; batch: number }) {
  const deleted = await db().execute<{ id: string }>(sql`
    delete from ${chatStream} where (${chatStream.organizationId}, ${chatStream.id}) in (
      select organization_id, id from ${chatStream}
      where status <> 'active' and heartbeat_at < now() - make_interval(secs => ${olderThanSeconds})
      limit ${batch})
    returning ${chatStream.id}`);
  return (deleted as unknown as { rows: unknown[] }).rows.length;
}
