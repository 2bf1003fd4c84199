// The invitation link's API shapes, shared by the server's routes and the invite page (decision 024).
import { z } from "zod";

export const acceptInvitationInput = z.object({
  invitationId: z.string({ required_error: "invitationId is required" }).min(1, "invitationId is required").max(200),
  token: z.string({ required_error: "token is required" }).min(1, "token is required").max(200),
});
export type AcceptInvitationInput = z.infer<typeof acceptInvitationInput>;

/** What the invite page shows before the invitee signs in: only to the holder of the link. */
export interface InvitationPreview {
  id: string;
  email: string;
  role: string;
  organizationName: string;
}

export interface InvitationLink {
  url: string;
  expiresAt: string;
}

export interface AcceptedInvitation {
  organizationId: string;
  role: string;
  emailVerified: boolean;
}
