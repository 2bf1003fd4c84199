// Invite, resend and revoke from User Management (decision 069). Written against the invitation table
// directly rather than through Better Auth's endpoints, which need a browser session: an admin's API key
// manages people too, and the texts, the 404 for another organisation's ids and the email are ours.
import { randomBytes } from "node:crypto";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { db } from "../db/client";
import { invitation, member, user } from "../db/tables";
import { AppError } from "../errors";
import type { Mailer } from "../email/mailer";
import { invitationEmail } from "../email/messages";
import { invitationUrl } from "../auth/invitation-links";
import {
  ALREADY_INVITED,
  ALREADY_MEMBER,
  INVITATION_NOT_FOUND,
  type InvitationSent,
  type InviteUserInput,
} from "../../shared/users/member-actions";

/** As long as Better Auth's own invitations (auth.ts, invitationExpiresIn). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface Inviter {
  orgId: string;
  orgName: string;
  user: { id: string; name: string; email: string };
  mailer: Mailer | null;
}

const expiry = () => new Date(Date.now() + INVITATION_TTL_MS);

async function send(by: Inviter, inv: { id: string; email: string; role: string | null }): Promise<boolean> {
  if (!by.mailer) return false;
  return by.mailer.send(
    invitationEmail({
      to: inv.email,
      inviterName: by.user.name || by.user.email,
      orgName: by.orgName,
      role: inv.role ?? "org:member",
      url: invitationUrl("mailed", inv),
    }),
  );
}

export async function inviteUser(by: Inviter, input: InviteUserInput): Promise<InvitationSent> {
  const [existing] = await db()
    .select({ id: member.id })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, by.orgId), sql`lower(${user.email}) = ${input.email}`))
    .limit(1);
  if (existing) throw new AppError("conflict", ALREADY_MEMBER);
  const [open] = await db()
    .select({ id: invitation.id })
    .from(invitation)
    .where(
      and(
        eq(invitation.organizationId, by.orgId),
        sql`lower(${invitation.email}) = ${input.email}`,
        eq(invitation.status, "pending"),
        gt(invitation.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (open) throw new AppError("conflict", ALREADY_INVITED);
  const [created] = await db()
    .insert(invitation)
    .values({
      // Better Auth's ids are URL-safe; 24 random bytes are 32 such characters.
      id: randomBytes(24).toString("base64url"),
      organizationId: by.orgId,
      email: input.email,
      role: input.role,
      status: "pending",
      expiresAt: expiry(),
      inviterId: by.user.id,
    })
    .returning();
  return { invitationId: created!.id, email: created!.email, emailSent: await send(by, created!) };
}

/** A pending invitation of this organisation, expired or not; 404 for anything else (another org's too). */
async function findPending(orgId: string, id: string) {
  const [row] = await db()
    .select()
    .from(invitation)
    .where(and(eq(invitation.organizationId, orgId), eq(invitation.id, id), eq(invitation.status, "pending")))
    .limit(1);
  if (!row) throw new AppError("not_found", INVITATION_NOT_FOUND);
  return row;
}

/** Sends the email again and gives the invitation a fresh week (an expired one becomes pending again). */
export async function resendInvitation(by: Inviter, invitationId: string): Promise<InvitationSent> {
  const inv = await findPending(by.orgId, invitationId);
  await db().update(invitation).set({ expiresAt: expiry() }).where(eq(invitation.id, inv.id));
  return { invitationId: inv.id, email: inv.email, emailSent: await send(by, inv) };
}

/** Better Auth's word for it ("canceled"): listed as revoked, its links stop working. */
export async function revokeInvitation({ orgId, invitationId }: { orgId: string; invitationId: string }) {
  const inv = await findPending(orgId, invitationId);
  const done = await db()
    .update(invitation)
    .set({ status: "canceled" })
    .where(and(eq(invitation.id, inv.id), inArray(invitation.status, ["pending"])))
    .returning({ id: invitation.id });
  if (!done.length) throw new AppError("not_found", INVITATION_NOT_FOUND);
  return { invitationId: inv.id, email: inv.email };
}
