// The email side of Better Auth (decision 024): verification emails and invitation emails over SMTP,
// and invitations that only a verified address (or the secret link) can accept. Kept apart from
// auth.ts so the auth instance reads as configuration.
import type { Config } from "../config";
import { createMailer, type Mailer } from "../email/mailer";
import { invitationEmail, verificationEmail } from "../email/messages";
import { invitationUrl } from "./invitation-links";

export function emailAuthOptions(config: Config, mailer: Mailer | null = createMailer(config.smtp)) {
  return {
    /** Without SMTP nothing can be sent: sign-up and sign-in still work, addresses stay unverified. */
    emailVerification: mailer
      ? {
          sendOnSignUp: true,
          autoSignInAfterVerification: true,
          sendVerificationEmail: async ({ user, url }: { user: { email: string }; url: string }) => {
            await mailer.send(verificationEmail({ to: user.email, url }));
          },
        }
      : undefined,
    organization: {
      // Better Auth's default lets an unverified account with the invited address accept or reject
      // by invitation id (security #2, CVE-2026-53514). The secret link is the other way in.
      requireEmailVerificationOnInvitation: true,
      sendInvitationEmail: mailer
        ? async (data: {
            id: string;
            email: string;
            role: string;
            organization: { name: string };
            inviter: { user: { name: string; email: string } };
          }) => {
            await mailer.send(
              invitationEmail({
                to: data.email,
                inviterName: data.inviter.user.name || data.inviter.user.email,
                orgName: data.organization.name,
                role: data.role,
                url: invitationUrl("mailed", data),
              }),
            );
          }
        : undefined,
    },
  };
}
