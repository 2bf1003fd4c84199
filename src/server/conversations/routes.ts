import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { requireOrg } from "../auth/context";
import { AppError } from "../errors";
import { parseJson } from "../http/parse";
import {
  getConversationRow,
  listConversations,
  listMessages,
  listSubConversations,
  renameConversation,
  searchConversations,
  softDeleteConversation,
} from "./queries";
import { toUiMessage } from "./to-ui-message";
import { canReadConversation, getOwnConversation } from "./access";

const renameInput = z.object({
  threadId: z.string().min(1, "threadId is required"),
  name: z.string().nullable().optional(),
});

const SEARCH_MAX = 200;

type ListRow = Awaited<ReturnType<typeof listConversations>>[number];

/** One entry of the sidebar's list (chat spec §2 "Conversation list item"). */
const listItem = (r: ListRow) => ({
  id: r.id,
  name: r.name ?? undefined,
  firstMessageText: r.firstMessageText ?? undefined,
  agentId: r.agentId,
  agentName: r.agentName ?? "Deleted agent",
  agentLogoUrl: r.agentLogoUrl || undefined,
  updatedAt: r.updatedAt.toISOString(),
});

export const conversationRoutes = new Hono<AppEnv>()
  .get("/getConversations", requireOrg, async (c) => {
    const rows = await listConversations({ orgId: c.var.org.id, userId: c.var.user.id });
    return c.json({ conversations: rows.map(listItem) });
  })
  // Issue 17: search by title and message text, in the list's scope and shape.
  .get("/searchConversations", requireOrg, async (c) => {
    const text = c.req.query("q") ?? "";
    if (text.length > SEARCH_MAX)
      throw new AppError("bad_request", `Search text must be at most ${SEARCH_MAX} characters`);
    const rows = await searchConversations({ orgId: c.var.org.id, userId: c.var.user.id, text });
    return c.json({ conversations: rows.map(listItem) });
  })
  .get("/getConversation", requireOrg, async (c) => {
    const threadId = c.req.query("threadId") ?? "";
    const row = await getConversationRow({ orgId: c.var.org.id, id: threadId });
    if (!row || !(await canReadConversation(c, row))) throw new AppError("not_found", "Conversation not found");
    const [messages, subs] = await Promise.all([
      listMessages({ orgId: c.var.org.id, conversationId: row.id }),
      listSubConversations({ orgId: c.var.org.id, parentId: row.id }),
    ]);
    return c.json({
      threadId: row.id,
      agentId: row.agentId,
      name: row.name,
      isDeleted: row.deletedAt !== null,
      messages: row.deletedAt ? [] : messages.map(toUiMessage),
      subConversations: subs.map((s) => ({
        id: s.id,
        threadId: s.id,
        toolCallId: s.parentToolCallId,
        agentName: s.agentName,
        agentLogoUrl: s.agentLogoUrl || undefined,
      })),
    });
  })
  .patch("/renameConversation", requireOrg, async (c) => {
    const { threadId, name } = await parseJson(c, renameInput);
    const row = await getOwnConversation({ orgId: c.var.org.id, id: threadId, userId: c.var.user.id, live: true });
    await renameConversation({ orgId: c.var.org.id, id: row.id, name: name ?? null });
    return c.json({ success: true });
  })
  .patch("/deleteConversation", requireOrg, async (c) => {
    const row = await getOwnConversation({
      orgId: c.var.org.id,
      id: c.req.query("threadId") ?? "",
      userId: c.var.user.id,
      live: true,
    });
    await softDeleteConversation({ orgId: c.var.org.id, id: row.id });
    return c.json({ success: true });
  });
