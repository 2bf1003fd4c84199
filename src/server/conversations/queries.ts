// Conversations and their messages. Every query takes orgId; a member reads only their own
// conversations (admins read the organisation's on the dashboard, docs/decisions/008).
import { and, asc, desc, eq, inArray, isNull, ne, sql, type Placeholder } from "drizzle-orm";
import { db } from "../db/client";
import { agent, conversation, message } from "../db/tables";
import { isUuid } from "../db/row-id";

export type ConversationRow = typeof conversation.$inferSelect;
export type MessageRow = typeof message.$inferSelect;

export async function getConversationRow({ orgId, id }: { orgId: string; id: string }) {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .select()
    .from(conversation)
    .where(and(eq(conversation.organizationId, orgId), eq(conversation.id, id)))
    .limit(1);
  return row ?? null;
}

/** What the sidebar list shows of a conversation, with its agent's name and logo. */
const listColumns = {
  id: conversation.id,
  name: conversation.name,
  firstMessageText: conversation.firstMessageText,
  agentId: conversation.agentId,
  agentName: agent.name,
  agentLogoUrl: agent.logoUrl,
  updatedAt: conversation.updatedAt,
};

/** The list's scope: the user's own top-level conversations of the organisation, not deleted. */
const listScope = (orgId: string, userId: string) =>
  and(
    eq(conversation.organizationId, orgId),
    eq(conversation.userId, userId),
    isNull(conversation.deletedAt),
    isNull(conversation.parentConversationId),
  );

const listFrom = () =>
  db()
    .select(listColumns)
    .from(conversation)
    .leftJoin(agent, and(eq(agent.id, conversation.agentId), eq(agent.organizationId, conversation.organizationId)));

/** The user's top-level conversations, newest first, with their agent's name and logo. */
export async function listConversations({ orgId, userId }: { orgId: string; userId: string }) {
  return listFrom().where(listScope(orgId, userId)).orderBy(desc(conversation.updatedAt), desc(conversation.createdAt));
}

/** The words of a search as a prefix query ("quart rev" finds "quarterly revenue"); null when it has none. */
export function searchQuery(text: string): string | null {
  // Letters and digits only: nothing the user types can be tsquery syntax.
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(" & ") : null;
}

/**
 * The user's top-level conversations whose title or any message text has every word of the search
 * (issue 17), newest first: the list's scope (organisation, owner, not deleted), so nothing more is found.
 */
export async function searchConversations({ orgId, userId, text }: { orgId: string; userId: string; text: string }) {
  const query = searchQuery(text);
  if (!query) return [];
  const tsquery = sql`to_tsquery('simple', ${query})`;
  return listFrom()
    .where(
      and(
        listScope(orgId, userId),
        sql`(to_tsvector('simple', coalesce(${conversation.name}, '') || ' ' || coalesce(${conversation.firstMessageText}, '')) @@ ${tsquery}
          or exists (select 1 from ${message} m where m.organization_id = ${conversation.organizationId}
            and m.conversation_id = ${conversation.id} and to_tsvector('simple', m.content) @@ ${tsquery}))`,
      ),
    )
    .orderBy(desc(conversation.updatedAt), desc(conversation.createdAt))
    .limit(50);
}

export async function listMessages({
  orgId,
  conversationId,
  includeStreaming = false,
}: {
  orgId: string;
  conversationId: string;
  includeStreaming?: boolean;
}) {
  return db()
    .select()
    .from(message)
    .where(
      and(
        eq(message.organizationId, orgId),
        eq(message.conversationId, conversationId),
        includeStreaming ? undefined : ne(message.status, "streaming"),
      ),
    )
    .orderBy(asc(message.seq));
}

export async function listSubConversations({ orgId, parentId }: { orgId: string; parentId: string }) {
  return db()
    .select({
      id: conversation.id,
      parentToolCallId: conversation.parentToolCallId,
      agentId: conversation.agentId,
      agentName: agent.name,
      agentLogoUrl: agent.logoUrl,
    })
    .from(conversation)
    .leftJoin(agent, and(eq(agent.id, conversation.agentId), eq(agent.organizationId, conversation.organizationId)))
    .where(and(eq(conversation.organizationId, orgId), eq(conversation.parentConversationId, parentId)));
}

export async function renameConversation({ orgId, id, name }: { orgId: string; id: string; name: string | null }) {
  const rows = await db()
    .update(conversation)
    .set({ name })
    .where(and(eq(conversation.organizationId, orgId), eq(conversation.id, id), isNull(conversation.deletedAt)))
    .returning({ id: conversation.id });
  return rows.length > 0;
}

export async function softDeleteConversation({ orgId, id }: { orgId: string; id: string }) {
  const rows = await db()
    .update(conversation)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(conversation.organizationId, orgId), eq(conversation.id, id), isNull(conversation.deletedAt)))
    .returning({ id: conversation.id });
  return rows.length > 0;
}

/**
 * The update that marks a conversation as just active (a reply's end runs it inside its last statement,
 * built once with placeholders: decision 124).
 */
export function touchConversationQuery({ orgId, id }: { orgId: string | Placeholder; id: string | Placeholder }) {
  return db()
    .update(conversation)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(conversation.organizationId, orgId), eq(conversation.id, id)));
}

export async function deleteMessagesAfter({
  orgId,
  conversationId,
  seq,
}: {
  orgId: string;
  conversationId: string;
  seq: number;
}) {
  const rows = await db()
    .select({ id: message.id, seq: message.seq })
    .from(message)
    .where(and(eq(message.organizationId, orgId), eq(message.conversationId, conversationId)));
  const ids = rows.filter((r) => r.seq > seq).map((r) => r.id);
  if (ids.length)
    await db()
      .delete(message)
      .where(and(eq(message.organizationId, orgId), inArray(message.id, ids)));
}
