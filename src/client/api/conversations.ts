// The organisation's conversations (chat spec §7): the sidebar's list (CONV-17), one stored thread, and
// rename/delete. The chat screen refreshes the list when a new thread starts (STREAM-30).
import useSWR, { mutate } from "swr";
import type { UIMessage } from "@ai-sdk/ui-utils";
import { callApi, fetcher, type HttpError } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";

/** One entry of GET /api/getConversations (chat spec §2 "Conversation list item"). */
export interface ConversationListItem {
  id: string;
  name?: string | null;
  firstMessageText?: string | null;
  agentName?: string | null;
  agentLogoUrl?: string | null;
}

/** GET /api/getConversation: a stored thread's finished messages. */
export interface StoredConversation {
  messages: (UIMessage & { status?: string })[];
  isDeleted: boolean;
  agentId: number | null;
}

export const conversationsKey = (orgId: string) => orgPath(orgId, "/api/getConversations");
export const conversationKey = (orgId: string, threadId: string) =>
  orgPath(orgId, `/api/getConversation?threadId=${encodeURIComponent(threadId)}`);

export function useConversations(orgId: string | undefined) {
  return useSWR<{ conversations: ConversationListItem[] }, HttpError>(orgId ? conversationsKey(orgId) : null, fetcher);
}

/** Issue 17: the list's conversations matching a search (title and message text); null key while empty. */
export function useConversationSearch(orgId: string, text: string) {
  const q = text.trim();
  return useSWR<{ conversations: ConversationListItem[] }, HttpError>(
    q ? orgPath(orgId, `/api/searchConversations?q=${encodeURIComponent(q)}`) : null,
    fetcher,
    { keepPreviousData: true },
  );
}

/** The list, and any search shown in its place, after a conversation was added, renamed or deleted. */
export const refreshConversations = (orgId: string) =>
  Promise.all([
    mutate(conversationsKey(orgId)),
    mutate(
      (key) =>
        typeof key === "string" &&
        key.startsWith("/api/searchConversations?") &&
        key.endsWith(`orgId=${encodeURIComponent(orgId)}`),
    ),
  ]);

export function useConversation(orgId: string, threadId: string) {
  return useSWR<StoredConversation, HttpError>(conversationKey(orgId, threadId), fetcher);
}

/** The chat screen loads a thread once, outside the cache: it becomes the live session's messages. */
export const fetchConversation = (orgId: string, threadId: string) =>
  callApi<StoredConversation>(conversationKey(orgId, threadId));

/** The name is sent as typed: it is trimmed only for display and has no length bound (CONV-09). */
export const renameConversation = (orgId: string, threadId: string, name: string) =>
  callApi<{ success: true }>(orgPath(orgId, "/api/renameConversation"), { method: "PATCH", body: { threadId, name } });

export const deleteConversation = (orgId: string, threadId: string) =>
  callApi<{ success: true }>(orgPath(orgId, `/api/deleteConversation?threadId=${encodeURIComponent(threadId)}`), {
    method: "PATCH",
  });
