// A reply's end (decisions 109, 124): its final row, the conversation's activity, the rows a caller writes
// with it (a scheduled run's outcome) and the stream's end, in one statement. Its text depends only on
// the caller's rows, so it is built once per process per shape with placeholders and filled per reply:
// drizzle's builder took ~0.26 ms of CPU a reply to write the same text again (4–5 % of a process's CPU
// in a minute of 1,000 scheduled runs), as the statement before the model did (decision 117).
import { and, eq, sql, type Query, type SQL, type WithSubquery } from "drizzle-orm";
import { db } from "../db/client";
import { chatStream, conversation, message } from "../db/tables";
import { ph as p, runFilled, setPh as v } from "../db/named-query";
import { touchConversationQuery } from "../conversations/queries";

/**
 * Rows written with a reply's end. `build` makes them with placeholders (named with the caller's own
 * prefix, so they never meet the reply's) and is called once per `key` in a process; `count` is an
 * expression over them the statement returns (how many a CTE wrote).
 */
export interface EndRows {
  key: string;
  build: () => { rows: WithSubquery[]; count: SQL<number> };
}

/** The reply's own values at its end. */
export interface ReplyEndValues {
  orgId: string;
  replyId: string;
  conversationId: string;
  /** The stream's status: done, error or aborted. */
  streamStatus: string;
  content: string;
  parts: unknown[];
  status: string;
  error: string | null;
  finishReason: string | null;
  inputTokens: number;
  outputTokens: number;
}

const built = new Map<string, Query>();

function build(extra?: EndRows): Query {
  const finalMessage = db()
    .$with("final_message")
    .as(
      db()
        .update(message)
        .set({
          content: v("content"),
          parts: v("parts"),
          status: v("status"),
          error: v("error"),
          finishReason: v("finishReason"),
          inputTokens: v("inputTokens"),
          outputTokens: v("outputTokens"),
          // counts the reply and the user message stored with it (decision 103)
          rollupDeferred: false,
        })
        .where(and(eq(message.organizationId, p("orgId")), eq(message.id, p("replyId"))))
        .returning({ id: message.id }),
    );
  const touched = db()
    .$with("touched")
    .as(touchConversationQuery({ orgId: p("orgId"), id: p("conversationId") }).returning({ id: conversation.id }));
  const more = extra?.build();
  const update = db()
    .with(finalMessage, touched, ...(more?.rows ?? []))
    .update(chatStream)
    .set({ status: v("streamStatus"), heartbeatAt: sql`now()` })
    .where(and(eq(chatStream.organizationId, p("orgId")), eq(chatStream.id, p("replyId"))));
  return more ? update.returning({ n: more.count }).toSQL() : update.toSQL();
}

/**
 * Runs a reply's end with `extra`'s rows and their values. Returns `extra`'s count (null without it, or
 * when the stream's row was not there).
 */
export async function runReplyEnd(
  values: ReplyEndValues,
  extra?: { rows: EndRows; values: Record<string, unknown> },
): Promise<number | null> {
  const key = extra?.rows.key ?? "";
  let q = built.get(key);
  if (!q) built.set(key, (q = build(extra?.rows)));
  const rows = await runFilled(q, { ...values, ...(extra?.values ?? {}) });
  // Unaliased in the text (drizzle reads by position): the row's one column.
  return extra && rows[0] ? Number(Object.values(rows[0])[0]) : null;
}

/** How many texts this process has built (for tests: one per shape, however many replies). */
export function replyEndTextsBuilt(): number {
  return built.size;
}
