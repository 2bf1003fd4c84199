// Managing the people of an organisation from User Management (issue 14, beyond the spec's read-only
// list; decision 069): invite, resend and revoke an invitation, change a role, remove a member.
import { z } from "zod";
import { ROLES } from "../roles";

const role = z.enum(ROLES, { errorMap: () => ({ message: `Role must be one of ${ROLES.join(", ")}` }) });
const id = (name: string) =>
  z
    .string({ required_error: `${name} is required` })
    .min(1, `${name} is required`)
    .max(200);

export const inviteUserInput = z.object({
  email: z
    .string({ required_error: "Email is required" })
    .trim()
    .toLowerCase()
    .pipe(z.string().min(1, "Email is required").max(254).email("Enter a valid email address")),
  role,
});
export type InviteUserInput = z.infer<typeof inviteUserInput>;

export const invitationActionInput = z.object({ invitationId: id("invitationId") });
export const updateUserRoleInput = z.object({ userId: id("userId"), role });
export const removeUserInput = z.object({ userId: id("userId") });

/** What invite and resend answer: whether an email went out (without SMTP the admin copies the link). */
export interface InvitationSent {
  invitationId: string;
  email: string;
  emailSent: boolean;
}

export const LAST_ADMIN_DEMOTE = "The last admin of an organization cannot be made a member";
export const LAST_ADMIN_REMOVE = "The last admin of an organization cannot be removed";
export const ALREADY_MEMBER = "This person is already a member of the organization";
export const ALREADY_INVITED = "This email address already has a pending invitation: resend it instead";
export const INVITATION_NOT_FOUND = "Invitation not found";
export const USER_NOT_FOUND = "User not found";

/** The page's confirmation and toast texts (decision 069). */
export const MEMBER_ACTION_TEXTS = {
  invited: (email: string) => `Invitation sent to ${email}`,
  invitedNoEmail: (email: string) => `Invitation created for ${email}. Copy the invitation link to share it.`,
  resent: (email: string) => `Invitation resent to ${email}`,
  revoked: (email: string) => `Invitation to ${email} revoked`,
  roleChanged: (name: string, r: string) => `${name} is now ${r}`,
  removed: (name: string) => `${name} was removed from the organization`,
  linkCopied: "Invitation link copied to clipboard!",
  confirmRevoke: (email: string) =>
    `Are you sure you want to revoke the invitation to ${email}? The link in it will stop working.`,
  confirmRemove: (name: string) =>
    `Are you sure you want to remove ${name} from the organization? They lose access to it at once.`,
  confirmDemote: (name: string) => `Are you sure you want to make ${name} a member? They lose admin access at once.`,
} as const;
