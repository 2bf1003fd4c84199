// send_email drafts waiting for the conversation owner (decision 061): GET the draft of a tool call,
// POST Send or Cancel.
import useSWR from "swr";
import { callApi, fetcher, type HttpError } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";

export interface EmailDraft {
  id: string;
  toolCallId: string;
  to: string[];
  subject: string;
  html: string;
  attachments: Array<{ fileId: string; filename: string; size: number }>;
}

export const emailDraftKey = (orgId: string, toolCallId: string) =>
  orgPath(orgId, `/api/email-approvals?toolCallId=${encodeURIComponent(toolCallId)}`);

/** The draft, looked for until the server has stored it (the card shows before the tool runs). */
export function useEmailDraft(orgId: string, toolCallId: string) {
  return useSWR<{ draft: EmailDraft | null }, HttpError>(emailDraftKey(orgId, toolCallId), fetcher, {
    refreshInterval: (data) => (data?.draft ? 0 : 1500),
  });
}

export const answerEmailDraft = (orgId: string, id: string, action: "send" | "cancel") =>
  callApi<{ status: string }>(orgPath(orgId, `/api/email-approvals/${id}`), { method: "POST", body: { action } });
