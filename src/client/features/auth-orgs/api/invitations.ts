// The invitation link's calls (decision 024): what a link invites to, and accepting through it. Not
// organisation-scoped: the invitee is not a member yet, and the link's token is the proof.
import useSWR from "swr";
import { callApi, fetcher, type HttpError } from "@/client/lib/api";
import type { AcceptedInvitation, InvitationPreview } from "@/shared/invitations";

export const invitationPreviewKey = (invitationId: string, token: string) =>
  `/api/invitations/${encodeURIComponent(invitationId)}?token=${encodeURIComponent(token)}`;

export function useInvitationPreview(invitationId: string, token: string) {
  return useSWR<InvitationPreview, HttpError>(invitationPreviewKey(invitationId, token), fetcher, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}

export const acceptInvitation = (invitationId: string, token: string) =>
  callApi<AcceptedInvitation>("/api/invitations/accept", { method: "POST", body: { invitationId, token } });
