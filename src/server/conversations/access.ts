import type { Context } from "hono";
import type { AppEnv } from "../env";
import { getConversationRow, type ConversationRow } from "./queries";

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
