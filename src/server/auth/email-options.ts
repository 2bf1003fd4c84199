// The email side of Better Auth (decision 024): verification, invitation and password reset emails
// over SMTP (decision 081), and invitations that only a verified address (or the secret link) can
// accept. Kept apart from auth.ts so the auth instance reads as configuration.
import type { Config } from "../config";
import { createMailer, type Mailer } from "../email/mailer";
import { invitationEmail, passwordResetEmail, RESET_LINK_LIFETIME_SECONDS, verificationEmail } from "../email/messages";
import { invitationUrl } from "./invitation-links";

export function emailAuthOptions(config: Config, mailer: Mailer | null = createMailer(config.smtp)) {
  return {
    /**
     * Reset links are single-use (Better Auth consumes the token), expire after an hour, and a reset
     * ends every session of the account. Without SMTP there is no reset by email: an admin helps.
     */
    emailAndPassword: {
      resetPasswordTokenExpiresIn: RESET_LINK_LIFETIME_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: mailer
        ? async ({ user, token }: { user: { email: string }; token: string }) => {
            // Not awaited: an address with an account must answer as fast as one without, or the
            // time taken would tell who has an account. send() logs its own failures.
            void mailer.send(passwordResetEmail({ to: user.email, url: resetPasswordUrl(config.publicUrl, token) }));
          }
        : undefined,
    },
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

/** The SPA page that asks for the new password; the token goes back to /api/auth/reset-password. */
export function resetPasswordUrl(publicUrl: string, token: string) {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}
