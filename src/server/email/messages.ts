// The texts of the emails Switchboard sends. Names come from users: escaped in the HTML part.
import type { EmailMessage } from "./mailer";

const ROLE_NAMES: Record<string, string> = { "org:admin": "an admin", "org:member": "a member" };

export function invitationEmail(opts: {
  to: string;
  inviterName: string;
  orgName: string;
  role: string;
  url: string;
}): EmailMessage {
  const role = ROLE_NAMES[opts.role] ?? "a member";
  const lead = `${opts.inviterName} invited you to join ${opts.orgName} on Switchboard as ${role}.`;
  return {
    to: opts.to,
    subject: `${opts.inviterName} invited you to join ${opts.orgName} on Switchboard`,
    text: `${lead}\n\nOpen this link to accept the invitation (you can sign in or create your account there):\n${opts.url}\n\nThe link works for 7 days. If you did not expect this invitation, ignore this email.\n`,
    html: page(
      lead,
      "Accept the invitation",
      opts.url,
      "The link works for 7 days. If you did not expect this invitation, ignore this email.",
    ),
  };
}

export function verificationEmail(opts: { to: string; url: string }): EmailMessage {
  const lead = "Confirm that this is your email address for Switchboard.";
  return {
    to: opts.to,
    subject: "Verify your email address for Switchboard",
    text: `${lead}\n\nOpen this link to verify it:\n${opts.url}\n\nIf you did not create a Switchboard account, ignore this email.\n`,
    html: page(
      lead,
      "Verify email address",
      opts.url,
      "If you did not create a Switchboard account, ignore this email.",
    ),
  };
}

/** How long a password reset link works (Better Auth's resetPasswordTokenExpiresIn, in seconds). */
export const RESET_LINK_LIFETIME_SECONDS = 60 * 60;

export function passwordResetEmail(opts: { to: string; url: string }): EmailMessage {
  const lead = "Someone asked to reset the password of your Switchboard account.";
  const footer =
    "The link works for 1 hour and only once. If you did not ask for it, ignore this email: your password stays as it is.";
  return {
    to: opts.to,
    subject: "Reset your Switchboard password",
    text: `${lead}\n\nOpen this link to choose a new password:\n${opts.url}\n\n${footer}\n`,
    html: page(lead, "Choose a new password", opts.url, footer),
  };
}

function page(lead: string, action: string, url: string, footer: string) {
  const href = escapeHtml(url);
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">
<p>${escapeHtml(lead)}</p>
<p><a href="${href}" style="display:inline-block;padding:8px 16px;background:#111;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#555">Or open this link: ${href}</p>
<p style="font-size:13px;color:#555">${escapeHtml(footer)}</p>
</body></html>`;
}

export function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
