// Replies whose process died mid-stream: the next start (or, with several replicas, any replica
// noticing a silent heartbeat) stores what was streamed and marks the reply interrupted.
import { and, eq, lt, sql } from "drizzle-orm";
import { db } from "../db/client";
import { chatStream, message } from "../db/tables";
import { log } from "../logger";
import { assembleLines } from "./assemble";
import { readAllLines } from "./stream-hub";

export const INTERRUPTED_TEXT = "The reply was interrupted before it finished.";

export async function recoverInterruptedReplies({ staleAfterSeconds }: { staleAfterSeconds: number }): Promise<number> {
  const stale = await db()
    .select({ id: chatStream.id, orgId: chatStream.organizationId })
    .from(chatStream)
    .where(
      and(
        eq(chatStream.status, "active"),
        lt(chatStream.heartbeatAt, sql`now() - make_interval(secs => ${staleAfterSeconds})`),
      ),
    );
  for (const s of stale) {
    // Claim it first, so two replicas never recover the same reply.
    const claimed = await db()
      .update(chatStream)
      .set({ status: "interrupted" })
      .where(and(eq(chatStream.id, s.id), eq(chatStream.status, "active")))
      .returning({ id: chatStream.id });
    if (!claimed.length) continue;
    const partial = assembleLines(await readAllLines(s.id));
    await db()
      .update(message)
      .set({
        content: partial.content,
        parts: partial.parts,
        status: "interrupted",
        error: INTERRUPTED_TEXT,
        finishReason: partial.finishReason ?? "other",
        inputTokens: partial.usage.inputTokens,
        outputTokens: partial.usage.outputTokens,
      })
      .where(and(eq(message.organizationId, s.orgId), eq(message.id, s.id)));
  }
  if (stale.length) log.warn("marked interrupted replies", { count: stale.length });
  return stale.length;
}
