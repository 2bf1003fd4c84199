// Replies whose process died mid-stream: the next start (or, with several replicas, any replica
// noticing a silent heartbeat) stores what was streamed and marks the reply interrupted. And the
// sweep that deletes the stored lines of replies that ended (decision 038).
import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import { message } from "../db/tables";
import { log } from "../logger";
import { assembleLines } from "./assemble";
import { readAllLines } from "./stream-hub";
import { claimInterrupted, deleteEndedStreams, deleteFinishedChunks, listSilentStreams } from "./stream-queries";

export const INTERRUPTED_TEXT = "The reply was interrupted before it finished.";

/**
 * How long an ended reply's lines are kept: a resume polling from another replica may still be
 * reading the last of them (it polls every 150 ms). Its message holds them all by then.
 */
export const ENDED_REPLY_LINES_KEPT_SECONDS = 30;

/** How long an ended reply's row is kept (a page may still ask whether its reply runs): an hour. */
export const ENDED_REPLY_ROWS_KEPT_SECONDS = 3600;

/**
 * Deletes the lines of replies that ended more than the grace period ago, and the rows of replies that
 * ended more than an hour ago (else chat_stream grows by one row per reply forever); returns how many
 * lines.
 */
export async function sweepEndedReplyLines() {
  const lines = await deleteFinishedChunks({ graceSeconds: ENDED_REPLY_LINES_KEPT_SECONDS });
  await deleteEndedStreams({ olderThanSeconds: ENDED_REPLY_ROWS_KEPT_SECONDS, batch: 5000 });
  return lines;
}

/** `self`: this process's instance id, when replicas hold replica locks (PostgreSQL, decision 088). */
export async function recoverInterruptedReplies(opts: { staleAfterSeconds: number; self?: string }): Promise<number> {
  const stale = await listSilentStreams(opts);
  for (const s of stale) {
    // Claim and store in one transaction: a page that sees the reply ended (or a replica that claims
    // it too) then finds the message stored, never still hidden as streaming.
    await db().transaction(async (tx) => {
      if (!(await claimInterrupted(s, tx))) return; // another replica did first
      const partial = assembleLines(await readAllLines(s, tx));
      await tx
        .update(message)
        .set({
          content: partial.content,
          parts: partial.parts,
          status: "interrupted",
          error: INTERRUPTED_TEXT,
          finishReason: partial.finishReason ?? "other",
          inputTokens: partial.usage.inputTokens,
          outputTokens: partial.usage.outputTokens,
          rollupDeferred: false, // the dashboard counts it and its user message now (decision 103)
        })
        .where(and(eq(message.organizationId, s.orgId), eq(message.id, s.id)));
    });
  }
  if (stale.length) log.warn("marked interrupted replies", { count: stale.length });
  return stale.length;
}
