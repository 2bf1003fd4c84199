// POST /api/chat: resolves the agent and thread, stores the user's message before the model is
// called, and starts the reply.
import { isUuid, newRowId } from "../db/row-id";
import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import { conversation, type message } from "../db/tables";
import { AppError } from "../errors";
import { getAgentRowForChat, toAgent } from "../agents/queries";
import { deleteMessagesAfter, listMessages, type MessageRow } from "../conversations/queries";
import { getOwnConversation } from "../conversations/access";
import type { RequestOrg, RequestUser } from "../env";
import type { ChatInput } from "./chat-input";
import { toModelMessages, type ModelContent } from "./model-messages";
import { startReply, type BeforeReply, type ReplyContext, type ReplyEnd } from "./run-reply";
import { makeRunSubAgent } from "./sub-agent";
import { attachmentContent } from "./attachments";
import { readableUpload, type Reader } from "../files/access";
import { hasActiveStream } from "./stream-queries";
import { isTimeZone } from "../../shared/scheduled-tasks";
import { mark } from "../perf/trace";
import { admitStart } from "./start-admission";
import type { BeginGate, ChatBeginRows } from "./begin-statement";

type Who = { user: RequestUser; org: RequestOrg; isAdmin: boolean };

/**
 * Starts a chat once a place is free (start-admission.ts): the places go in arrival order, and each is
 * held until the statement before the model has committed (startReply returns then).
 */
export function startChat(input: ChatInput, who: Who, opts: StartOptions = {}) {
  return admitStart(() => start(input, who, opts));
}

interface StartOptions {
  /** A scheduled run's conversation id, recorded under its lease (decisions 075, 109). */
  newConversationId?: string;
  /**
   * A new thread only: a CTE returning one row when the thread may begin (a scheduled run's reservation
   * under its lease, decision 109). The thread is inserted from its row, in the statement that stores
   * the user's message and the reply's rows: no row, no thread, and the messages' foreign key fails the
   * whole statement, so nothing is written. Built once per process per key (decision 124).
   */
  begin?: BeginGate;
  /** Rows written with the reply's end (a scheduled run's outcome, decision 109). */
  end?: ReplyEnd;
}

async function start(input: ChatInput, who: Who, opts: StartOptions) {
  const orgId = who.org.id;
  const reader: Reader = { orgId, userId: who.user.id, isAdmin: who.isAdmin };
  const last = input.messages[input.messages.length - 1]!;
  if (last.role !== "user") throw new AppError("bad_request", "The last message must be from the user");
  const attachments = (last.experimental_attachments ?? last.attachments ?? []).map((a) => ({ ...a }));
  // An attachment is an upload the sender may read (decision 013): another member's file, its
  // extracted text or another organisation's key is refused like a missing one.
  for (const a of attachments) {
    if (a.key && !(await readableUpload(reader, a.key))) throw new AppError("not_found", "Attachment not found");
  }
  if (!last.content.trim() && !attachments.length)
    throw new AppError("bad_request", "A message needs text or an attachment");

  let conversationId = input.threadId ?? null;
  let isNew = false;
  let agentId = input.agentId;
  // The history before this message (a new thread has none: no query).
  let rows: MessageRow[] = [];
  if (conversationId) {
    if (!isUuid(conversationId)) throw new AppError("not_found", "Conversation not found");
    // A next message's three reads at once, on three connections (decision 153): the other two answers are
    // used only once the thread is known to be the caller's.
    const [row, busy, stored] = await Promise.all([
      getOwnConversation({ orgId, id: conversationId, userId: who.user.id, topLevel: true }),
      hasActiveStream({ orgId, conversationId }),
      listMessages({ orgId, conversationId }),
    ]);
    if (row.deletedAt) throw new AppError("not_found", "This conversation has been deleted");
    agentId = row.agentId;
    if (busy) throw new AppError("conflict", "A reply is still being generated in this conversation");
    rows = stored;
  }
  const agentRow = await getAgentRowForChat({ orgId, id: agentId });
  if (!agentRow) throw new AppError("not_found", "Agent not found");
  const agent = toAgent(agentRow);
  mark?.("agent loaded");

  let chatThread: ChatBeginRows["thread"];
  let before: BeforeReply | undefined;
  if (!conversationId) {
    conversationId = opts.newConversationId ?? newRowId();
    isNew = true;
    // File names are not message text (decision 057): a files-only first message leaves the title to the agent.
    const first = last.content.trim();
    // Inserted with the message and the reply's rows, in one statement built once per process
    // (begin-statement.ts): one commit on the way to the model. A scheduled run's thread is inserted from
    // its reservation (the gate).
    chatThread = { userId: who.user.id, agentId, firstMessageText: first.slice(0, 500) || null };
  }

  // An edited message replaces the one it was made from and everything after it (decision 090).
  if (input.replaceFrom) {
    const from = rows.find(
      (r) => r.role === "user" && (r.clientId === input.replaceFrom || r.id === input.replaceFrom),
    );
    if (!from) throw new AppError("not_found", "Message not found");
    await deleteMessagesAfter({ orgId, conversationId, seq: from.seq - 1 });
    // The first message edited: the conversation's default title follows it (a name given by hand stays).
    if (rows[0]?.id === from.id)
      await db()
        .update(conversation)
        .set({ firstMessageText: last.content.trim().slice(0, 500) || null })
        .where(and(eq(conversation.organizationId, orgId), eq(conversation.id, conversationId)));
    rows = rows.filter((r) => r.seq < from.seq);
  }
  // A resent last message (Retry / regenerate) replaces what followed it instead of being stored twice.
  const lastStored = rows.findLast((r) => r.role === "user");
  // (A loaded thread names a message by its client id, or by its stored id when it has none.)
  if (lastStored && last.id && (lastStored.clientId === last.id || lastStored.id === last.id)) {
    await deleteMessagesAfter({ orgId, conversationId, seq: lastStored.seq });
    rows = rows.filter((r) => r.seq <= lastStored.seq);
  } else {
    const userMessage = {
      id: newRowId(),
      organizationId: orgId,
      conversationId,
      clientId: last.id ?? null,
      role: "user",
      content: last.content,
      parts: last.parts?.length ? last.parts : [{ type: "text", text: last.content }],
      attachments,
      annotations: last.annotations ?? [],
    } satisfies typeof message.$inferInsert;
    // Stored by startReply, with the reply's rows, before the model is called.
    before = {
      chat: {
        thread: chatThread,
        gate: isNew ? opts.begin : undefined,
        userMessage: {
          id: userMessage.id,
          clientId: userMessage.clientId,
          content: userMessage.content,
          parts: userMessage.parts,
          attachments: userMessage.attachments,
          annotations: userMessage.annotations,
        },
      },
    };
    rows.push({
      ...userMessage,
      seq: Number.MAX_SAFE_INTEGER,
      status: "complete",
      error: null,
      model: null,
      finishReason: null,
      inputTokens: null,
      outputTokens: null,
      rollupDeferred: true,
      createdAt: new Date(),
    });
  }

  const history = await toModelMessages(rows, (m) => attachmentContent(reader, m) as Promise<ModelContent[]>);
  mark?.("history + model messages");
  const ctx: ReplyContext = {
    orgId,
    org: { id: orgId, name: who.org.name },
    user: { id: who.user.id, name: who.user.name, email: who.user.email },
    isAdmin: who.isAdmin,
    agent,
    conversationId,
    depth: 0,
    timeZone: input.timezone && isTimeZone(input.timezone) ? input.timezone : undefined,
  };
  ctx.runSubAgent = makeRunSubAgent(ctx, startReply);
  const replyId = newRowId();
  const { done } = await startReply(ctx, history, replyId, before, opts.end);
  return { conversationId, isNew, replyId, done };
}
