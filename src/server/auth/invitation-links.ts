// The secret invitation link (decision 024). An invitation's id is no secret — every member of the
// organisation can list it — so the link carries a token only the server can make: an HMAC of the
// invitation id and address, under a key derived from the master key. Two kinds of token:
// - "m" (mailed): only ever put in the email sent to the address; following it proves control of
//   the address, so accepting through it also marks the address verified.
// - "s" (shared): the link an admin copies to pass on by hand; it accepts that one invitation for
//   the user signed in with the invited address, and verifies nothing, since the admin has seen it.
import { createHmac, timingSafeEqual } from "node:crypto";

export type InvitationLinkKind = "mailed" | "shared";
const PREFIX: Record<InvitationLinkKind, string> = { mailed: "m", shared: "s" };

let settings: { publicUrl: string; signingKey: Buffer } | null = null;

/** Set at start-up (services.ts). */
export function setInvitationLinks(opts: { publicUrl: string; signingKey: Buffer }) {
  settings = opts;
}

function current() {
  if (!settings) throw new Error("Invitation links are not initialised: call setInvitationLinks() at start-up");
  return settings;
}

function mac(kind: InvitationLinkKind, invitation: { id: string; email: string }) {
  // Length-prefixed fields: no two (id, email) pairs sign the same bytes.
  const fields = [PREFIX[kind], invitation.id, invitation.email.toLowerCase()].map((f) => `${f.length}:${f}`).join("");
  return createHmac("sha256", current().signingKey).update(fields).digest("base64url");
}

export function invitationToken(kind: InvitationLinkKind, invitation: { id: string; email: string }) {
  return `${PREFIX[kind]}.${mac(kind, invitation)}`;
}

/** The page an invitee opens: it signs them in or up, then accepts. */
export function invitationUrl(kind: InvitationLinkKind, invitation: { id: string; email: string }) {
  return `${current().publicUrl}/invite/${encodeURIComponent(invitation.id)}?token=${invitationToken(kind, invitation)}`;
}

/** Which kind of link the token belongs to, or null when it was not made for this invitation. */
export function checkInvitationToken(
  token: string,
  invitation: { id: string; email: string },
): InvitationLinkKind | null {
  for (const kind of ["mailed", "shared"] as const) {
    const expected = Buffer.from(invitationToken(kind, invitation));
    const given = Buffer.from(token);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return kind;
  }
  return null;
}
