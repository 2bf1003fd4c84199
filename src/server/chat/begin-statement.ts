// A chat's statement before the model (decisions 099, 109, 112): the new thread, the user's message, the
// reply's "streaming" row, its stream row and first line, in one commit. Its text depends only on
// whether a thread is created, so it is built once per process with placeholders and filled per chat:
// drizzle's builder took ~0.4 ms of CPU a chat to write the same text again (decision 117). A scheduled
// run's statement has a gate in front of its thread (its reservation, decision 109): built once per gate
// too (decision 124), the builder was 7–8 % of a scheduler process's CPU in a 1,000-run minute.
import { sql, type Query, type WithSubquery } from "drizzle-orm";
import { db } from "../db/client";
import { chatStream, chatStreamChunk, conversation, message } from "../db/tables";
import { ph as p, runFilled } from "../db/named-query";

/**
 * A CTE the new thread is inserted from (a scheduled run's reservation under its lease, decision 109): no
 * row, no thread, and the messages' foreign key fails the whole statement, so nothing is written. `build`
 * makes it with placeholders (named with the gate's own prefix, so they never meet the chat's) and is
 * called once per `key` in a process; `values` fills them for this chat.
 */
export interface BeginGate {
  key: string;
  build: () => WithSubquery;
  values: Record<string, unknown>;
}

/** The rows of a chat's start that vary from chat to chat. */
export interface ChatBeginRows {
  /** A new thread: its owner, agent and default title. */
  thread?: { userId: string; agentId: number; firstMessageText: string | null };
  userMessage: {
    id: string;
    clientId: string | null;
    content: string;
    parts: unknown[];
    attachments: unknown[];
    annotations: unknown[];
  };
  /** The reply's model (the agent's). */
  model: string;
  /** A new thread only: what it depends on. */
  gate?: BeginGate;
}

const built = new Map<boolean, Query>();
const gated = new Map<string, Query>();

function build(withThread: boolean, gate?: BeginGate): Query {
  const gateCte = gate?.build();
  const thread = gateCte
    ? db()
        .$with("thread", { id: sql<string>`id` })
        .as(
          sql`insert into ${conversation} (id, organization_id, user_id, agent_id, first_message_text)
            select ${p("conversationId")}::uuid, ${p("orgId")}, ${p("userId")}, ${p("agentId")}::integer,
              ${p("firstMessageText")}::text
            from ${gateCte} returning id`,
        )
    : db()
        .$with("thread")
        .as(
          db()
            .insert(conversation)
            .values({
              id: p("conversationId"),
              organizationId: p("orgId"),
              userId: p("userId"),
              agentId: p("agentId"),
              firstMessageText: p("firstMessageText"),
            })
            .returning({ id: conversation.id }),
        );
  // The dashboard's rollup counts both messages when the reply is final (decision 103): deferred here.
  const messages = db()
    .$with("reply")
    .as(
      db()
        .insert(message)
        .values([
          {
            id: p("userMessageId"),
            organizationId: p("orgId"),
            conversationId: p("conversationId"),
            clientId: p("clientId"),
            role: "user",
            content: p("content"),
            parts: p("parts"),
            attachments: p("attachments"),
            annotations: p("annotations"),
            rollupDeferred: true,
          },
          {
            id: p("replyId"),
            organizationId: p("orgId"),
            conversationId: p("conversationId"),
            role: "assistant",
            status: "streaming",
            model: p("model"),
            rollupDeferred: true,
          },
        ])
        .returning({ id: message.id }),
    );
  const firstChunk = db()
    .$with("first_chunk")
    .as(
      db()
        .insert(chatStreamChunk)
        .values({ organizationId: p("orgId"), streamId: p("replyId"), seq: 0, data: p("firstChunk") })
        .returning({ seq: chatStreamChunk.seq }),
    );
  return db()
    .with(...(gateCte ? [gateCte] : []), ...(withThread ? [thread] : []), messages, firstChunk)
    .insert(chatStream)
    .values({
      id: p("replyId"),
      organizationId: p("orgId"),
      conversationId: p("conversationId"),
      instanceId: p("instanceId"),
    })
    .toSQL();
}

/** Runs a chat's statement before the model. */
export async function runChatBegin(
  rows: ChatBeginRows,
  stream: { orgId: string; id: string; conversationId: string; instanceId: string; firstChunk: string },
) {
  const withThread = !!rows.thread;
  const gate = withThread ? rows.gate : undefined;
  let q = gate ? gated.get(gate.key) : built.get(withThread);
  if (!q) {
    q = build(withThread, gate);
    if (gate) gated.set(gate.key, q);
    else built.set(withThread, q);
  }
  const m = rows.userMessage;
  const values: Record<string, unknown> = {
    orgId: stream.orgId,
    conversationId: stream.conversationId,
    replyId: stream.id,
    instanceId: stream.instanceId,
    firstChunk: stream.firstChunk,
    model: rows.model,
    userMessageId: m.id,
    clientId: m.clientId,
    content: m.content,
    parts: m.parts,
    attachments: m.attachments,
    annotations: m.annotations,
    ...(rows.thread ?? {}),
    ...(gate?.values ?? {}),
  };
  await runFilled(q, values);
}

/** How many texts this process has built (for tests: one per shape, however many chats). */
export function chatBeginTextsBuilt(): number {
  return built.size;
}
