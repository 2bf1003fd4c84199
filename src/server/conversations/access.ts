import type { Context } from "hono";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { getConversationRow, type ConversationRow } from "./queries";

/**
 * The caller's own conversation, for what only its owner may do (write to it, stop its reply, rate
 * it). Missing, another organisation's or another user's (admins' too) are the same 404. `live`
 * also refuses a deleted one, `topLevel` a sub-agent's.
 */
export async function getOwnConversation(opts: {
  orgId: string;
  id: string;
  userId: string;
  live?: boolean;
  topLevel?: boolean;
}): Promise<ConversationRow> {
  const row = await getConversationRow({ orgId: opts.orgId, id: opts.id });
  if (
    !row ||
    row.userId !== opts.userId ||
    (opts.live && row.deletedAt) ||
    (opts.topLevel && row.parentConversationId)
  ) {
    throw new AppError("not_found", "Conversation not found");
  }
  return row;
}

/**
 * Who may read a conversation: its owner, and the organisation's admins (who see every conversation
 * on the dashboard). A sub-conversation is readable by whoever may read its parent.
 */
export async function canReadConversation(c: Context<AppEnv>, row: ConversationRow, depth = 0): Promise<boolean> {
  if (c.var.isAdmin || row.userId === c.var.user.id) return true;
  if (row.parentConversationId && depth < 10) {
    const parent = await getConversationRow({ orgId: c.var.org.id, id: row.parentConversationId });
    return !!parent && canReadConversation(c, parent, depth + 1);
  }
  return false;
}
