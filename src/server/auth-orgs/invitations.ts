// Invitations read and accepted through the secret link (decision 024). Better Auth's own
// accept-invitation answers only to verified addresses; the link is the other proof of the address.
import { and, eq, gt, sql } from "drizzle-orm";
import { db } from "../db/client";
import { invitation, member, organization, user } from "../db/tables";
import { AppError } from "../errors";
import { resolveAuth, type AuthSource } from "../auth/lazy-auth";
import { MEMBER_ROLE } from "../../shared/roles";
import type { AcceptedInvitation, InvitationPreview } from "../../shared/invitations";
import { checkInvitationToken } from "../auth/invitation-links";

const notFound = () => new AppError("not_found", "Invitation not found");
/** Better Auth's ids are 32 letters and digits; anything else is not one (and never reaches SQL). */
const isInvitationId = (id: string) => /^[A-Za-z0-9_-]{1,100}$/.test(id);

async function findInvitation(where: { id: string; orgId?: string }) {
  if (!isInvitationId(where.id)) return null;
  const [row] = await db()
    .select({ invitation, organizationName: organization.name })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .where(
      where.orgId
        ? and(eq(invitation.id, where.id), eq(invitation.organizationId, where.orgId))
        : eq(invitation.id, where.id),
    )
    .limit(1);
  return row ?? null;
}

const isOpen = (inv: { status: string; expiresAt: Date }) =>
  inv.status === "pending" && inv.expiresAt.getTime() > Date.now();

/** An organisation's pending invitation, for its admins; 404 for another organisation's. */
export async function getPendingInvitation({ orgId, id }: { orgId: string; id: string }) {
  const row = await findInvitation({ id, orgId });
  if (!row || !isOpen(row.invitation)) throw notFound();
  return row.invitation;
}

/** The invitation a link names, if the token is that invitation's. */
export async function previewInvitation({ id, token }: { id: string; token: string }): Promise<InvitationPreview> {
  const row = await findInvitation({ id });
  if (!row || !checkInvitationToken(token, row.invitation) || !isOpen(row.invitation)) throw notFound();
  const inv = row.invitation;
  return { id: inv.id, email: inv.email, role: inv.role ?? MEMBER_ROLE, organizationName: row.organizationName };
}

export async function acceptInvitationByLink(opts: {
  auth: AuthSource;
  headers: Headers;
  caller: { id: string; email: string };
  invitationId: string;
  token: string;
}): Promise<AcceptedInvitation> {
  const row = await findInvitation({ id: opts.invitationId });
  const kind = row && checkInvitationToken(opts.token, row.invitation);
  if (!row || !kind) throw notFound();
  const inv = row.invitation;
  if (inv.email.toLowerCase() !== opts.caller.email.toLowerCase()) {
    throw new AppError("forbidden", "This invitation was sent to another email address");
  }
  const role = inv.role ?? MEMBER_ROLE;
  const [caller] = await db()
    .select({ emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, opts.caller.id));
  // The same link opened twice: the first visit made the membership.
  if (inv.status === "accepted" && (await isMember(inv.organizationId, opts.caller.id))) {
    return { organizationId: inv.organizationId, role, emailVerified: caller?.emailVerified ?? false };
  }
  if (inv.status !== "pending") throw new AppError("conflict", "This invitation is no longer valid");
  if (inv.expiresAt.getTime() <= Date.now()) throw new AppError("conflict", "This invitation has expired");

  const auth = await resolveAuth(opts.auth);
  // Claimed first, so two visits at once cannot both add the member.
  const claimed = await db()
    .update(invitation)
    .set({ status: "accepted" })
    .where(and(eq(invitation.id, inv.id), eq(invitation.status, "pending"), gt(invitation.expiresAt, sql`now()`)))
    .returning({ id: invitation.id });
  if (!claimed.length) throw new AppError("conflict", "This invitation is no longer valid");
  try {
    // Better Auth's server-side add: its membership limit and our role hook still apply.
    await auth.api.addMember({
      body: { userId: opts.caller.id, organizationId: inv.organizationId, role: role as typeof MEMBER_ROLE },
    });
  } catch (error) {
    await db().update(invitation).set({ status: "pending" }).where(eq(invitation.id, inv.id));
    throw await asAppError(error);
  }
  // Only the mailed link proves the address; a link an admin copied does not (decision 024).
  let emailVerified = caller?.emailVerified ?? false;
  if (kind === "mailed" && !emailVerified) {
    await db().update(user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(user.id, opts.caller.id));
    emailVerified = true;
  }
  // Land in the organisation just joined, as Better Auth's own accept does.
  await auth.api
    .setActiveOrganization({ headers: opts.headers, body: { organizationId: inv.organizationId } })
    .catch(() => undefined);
  return { organizationId: inv.organizationId, role, emailVerified };
}

async function isMember(orgId: string, userId: string) {
  const [row] = await db()
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.organizationId, orgId), eq(member.userId, userId)))
    .limit(1);
  return Boolean(row);
}

async function asAppError(error: unknown) {
  // Better Auth is loaded by now (its addMember threw this); its error class is taken from it then.
  const { APIError } = await import("better-auth/api");
  if (error instanceof APIError) {
    const message = (error.body as { message?: string } | undefined)?.message ?? error.message;
    return new AppError(
      error.statusCode === 403 ? "forbidden" : "bad_request",
      message || "Could not accept the invitation",
    );
  }
  return error;
}
