// GET /api/dashboard/getInteractions: one page of root conversations from the rollup, newest activity
// first, paged by a cursor; the page's sub-conversations and feedback are read for its ids only.
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { db } from "../db/client";
import { agent, conversation, conversationStats, feedback, member, user } from "../db/tables";
import { AppError } from "../errors";
import type { FeedbackItem, Interaction, InteractionsPage, SubConversation } from "../../shared/dashboard/schema";
import { filterWhere, metadataUsers, type DashboardFilter } from "./filters";

const s = conversationStats;
export const DEFAULT_PAGE = 20;

function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (!at || !id || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/i.test(id))
    throw new AppError("bad_request", "cursor is not valid");
  return { at, id };
}
const encodeCursor = (at: string, id: string) => Buffer.from(`${at}|${id}`, "utf8").toString("base64url");

function splitName(name: string | null): [string | null, string | null] {
  if (!name) return [null, null];
  const i = name.trim().indexOf(" ");
  return i < 0 ? [name.trim(), null] : [name.trim().slice(0, i), name.trim().slice(i + 1)];
}

export async function listInteractions(
  f: DashboardFilter & { cursor?: string; limit?: number },
): Promise<InteractionsPage> {
  const limit = f.limit ?? DEFAULT_PAGE;
  const after = f.cursor ? decodeCursor(f.cursor) : null;
  const cursorWhere = after
    ? sql`(${s.lastActivityAt}, ${s.conversationId}) < (${after.at}::timestamptz, ${after.id}::uuid)`
    : undefined;
  const keys = pageKeys(f, cursorWhere, limit + 1);
  // The page's rollup rows: in the index's order directly, or by the ids found in the index alone.
  const rows = await db()
    .select({
      stats: s,
      // Full precision for the cursor (a JavaScript Date keeps milliseconds only).
      at: sql<string>`${s.lastActivityAt}::text`,
    })
    .from(s)
    .where(
      keys ? and(eq(s.organizationId, f.orgId), inArray(s.conversationId, keys)) : and(filterWhere(f), cursorWhere),
    )
    .orderBy(desc(s.lastActivityAt), desc(s.conversationId))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const ids = page.map((r) => r.stats.conversationId);
  const [details, subs, items] = await Promise.all([
    pageDetails(f.orgId, ids),
    subConversations(f.orgId, ids),
    feedbackItems(f.orgId, ids),
  ]);
  const last = page.at(-1);
  return {
    data: page.map((p): Interaction => {
      const st = p.stats;
      const r = details.get(st.conversationId);
      const [first, lastName] = splitName(r?.userName ?? null);
      return {
        id: st.conversationId,
        agentId: st.agentId,
        agentName: r?.agentName ?? "",
        agentModel: r?.agentModel ?? "",
        agentLogoUrl: r?.agentLogoUrl ?? "",
        userId: st.userId,
        userEmail: r?.userEmail ?? null,
        userFirstName: first,
        userLastName: lastName,
        userPublicMetadata: r?.publicMetadata ?? {},
        firstMessageText: r?.firstMessageText ?? "",
        createdAt: st.startedAt.toISOString(),
        updatedAt: st.lastActivityAt.toISOString(),
        duration: Math.max(0, Math.round((st.lastActivityAt.getTime() - st.startedAt.getTime()) / 1000)),
        totalTokens: st.inputTokens + st.outputTokens,
        inputTokens: st.inputTokens,
        outputTokens: st.outputTokens,
        totalMessageCount: st.messageCount,
        attachmentCount: st.attachmentCount,
        toolCalls: Object.entries(st.toolCounts)
          .map(([toolName, count]) => ({ toolName, count }))
          .sort((a, b) => b.count - a.count || a.toolName.localeCompare(b.toolName)),
        subConversations: subs.get(st.conversationId) ?? [],
        totalFeedback: st.feedbackTotal,
        totalHelpful: st.feedbackHelpful,
        totalNotHelpful: st.feedbackTotal - st.feedbackHelpful,
        feedbackData: { feedback_items: items.get(st.conversationId) ?? [] },
      };
    }),
    nextCursor: rows.length > limit && last ? encodeCursor(last.at, last.stats.conversationId) : null,
  };
}

/**
 * The page's conversation ids (newest activity first) as a subquery read from an index alone (decision
 * 103), or undefined when the index's order finds the page by itself (no filter, or only a user: the
 * (org, user, activity) index). The (org, activity) and (org, user, activity) indexes carry the agent and
 * user, so an agent filter is checked in the index and only the page's rows are read from the table. A
 * metadata filter reads each matching member's newest conversations from the (org, user, activity)
 * index and keeps the newest of those: at most members × page entries, however rare their conversations.
 */
function pageKeys(f: DashboardFilter, cursorWhere: SQL | undefined, n: number): SQL | undefined {
  const order = sql`order by ${s.lastActivityAt} desc, ${s.conversationId} desc limit ${n}`;
  const users = metadataUsers(f);
  if (users) {
    const base = filterWhere({ ...f, metadataKey: undefined, metadataValue: undefined });
    return sql`(select p.id from ${users} as u cross join lateral (
      select ${s.conversationId} as id, ${s.lastActivityAt} as at from ${s}
      where ${and(base, sql`${s.userId} = u.user_id`, cursorWhere)} ${order}) p
      order by p.at desc, p.id desc limit ${n})`;
  }
  if (f.agentId === undefined) return undefined;
  return sql`(select ${s.conversationId} from ${s} where ${and(filterWhere(f), cursorWhere)} ${order})`;
}

async function pageDetails(orgId: string, ids: string[]) {
  if (!ids.length) return new Map<string, never>();
  const rows = await db()
    .select({
      id: conversation.id,
      firstMessageText: conversation.firstMessageText,
      agentName: agent.name,
      agentModel: agent.model,
      agentLogoUrl: agent.logoUrl,
      userEmail: user.email,
      userName: user.name,
      publicMetadata: member.publicMetadata,
    })
    .from(conversation)
    .leftJoin(agent, and(eq(agent.organizationId, conversation.organizationId), eq(agent.id, conversation.agentId)))
    .leftJoin(user, eq(user.id, conversation.userId))
    .leftJoin(
      member,
      and(eq(member.organizationId, conversation.organizationId), eq(member.userId, conversation.userId)),
    )
    .where(and(eq(conversation.organizationId, orgId), inArray(conversation.id, ids)));
  return new Map(rows.map((r) => [r.id, r]));
}

async function subConversations(orgId: string, rootIds: string[]) {
  const out = new Map<string, SubConversation[]>();
  if (!rootIds.length) return out;
  const rows = await db()
    .select({
      root: s.rootConversationId,
      id: s.conversationId,
      agentId: s.agentId,
      agentName: agent.name,
      agentModel: agent.model,
      agentLogoUrl: agent.logoUrl,
      inputTokens: s.inputTokens,
      outputTokens: s.outputTokens,
    })
    .from(s)
    .leftJoin(agent, and(eq(agent.organizationId, s.organizationId), eq(agent.id, s.agentId)))
    .where(and(eq(s.organizationId, orgId), inArray(s.rootConversationId, rootIds), eq(s.isRoot, 0)))
    .orderBy(s.startedAt);
  for (const r of rows) {
    const list = out.get(r.root) ?? [];
    list.push({
      id: r.id,
      agentId: r.agentId,
      agentName: r.agentName ?? "",
      agentModel: r.agentModel ?? "",
      agentLogoUrl: r.agentLogoUrl ?? "",
      totalTokens: r.inputTokens + r.outputTokens,
    });
    out.set(r.root, list);
  }
  return out;
}

async function feedbackItems(orgId: string, ids: string[]) {
  const out = new Map<string, FeedbackItem[]>();
  if (!ids.length) return out;
  const rows = await db()
    .select({
      conversationId: feedback.conversationId,
      isHelpful: feedback.isHelpful,
      comment: feedback.comment,
      updatedAt: feedback.updatedAt,
      email: user.email,
    })
    .from(feedback)
    .leftJoin(user, eq(user.id, feedback.userId))
    .where(and(eq(feedback.organizationId, orgId), inArray(feedback.conversationId, ids)))
    .orderBy(desc(feedback.updatedAt));
  for (const r of rows) {
    const list = out.get(r.conversationId) ?? [];
    list.push({
      is_helpful: r.isHelpful,
      user_email: r.email,
      created_at: r.updatedAt.toISOString(),
      comment: r.comment,
    });
    out.set(r.conversationId, list);
  }
  return out;
}
