// GET/POST /api/feedback (CHAT-22..27): whether this conversation was helpful.
import useSWR from "swr";
import { callApi, fetcher, type HttpError } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";

export interface FeedbackState {
  exists: boolean;
  data?: { isHelpful: boolean } | null;
}

export const feedbackKey = (orgId: string, conversationId: string) =>
  orgPath(orgId, `/api/feedback?conversationId=${encodeURIComponent(conversationId)}`);

export function useFeedback(orgId: string, conversationId: string) {
  return useSWR<FeedbackState, HttpError>(feedbackKey(orgId, conversationId), fetcher);
}

export const giveFeedback = (
  orgId: string,
  feedback: { conversationId: string; agentId: number; isHelpful: boolean },
) => callApi(orgPath(orgId, "/api/feedback"), { method: "POST", body: feedback });
