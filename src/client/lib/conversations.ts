// GET /api/getConversations: the sidebar's list (chat spec §2 "Conversation list item", CONV-17). The chat
// screen refreshes the same cache entry when a new thread starts (STREAM-30).
import useSWR, { mutate } from "swr";
import type { ConversationListItem } from "@/client/components/shell/conversation-list";
import { fetcher, type HttpError } from "./api";

export const conversationsKey = (orgId: string) => `/api/getConversations?orgId=${encodeURIComponent(orgId)}`;

export function useConversations(orgId: string | undefined) {
  return useSWR<{ conversations: ConversationListItem[] }, HttpError>(orgId ? conversationsKey(orgId) : null, fetcher);
}

export const refreshConversations = (orgId: string) => mutate(conversationsKey(orgId));
