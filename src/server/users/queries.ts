// The organisation's members and invitations for User Management (hub spec §2, §3, §7), from Better
// Auth's member and invitation tables; public metadata lives on the membership (per organisation).
import { and, desc, eq, inArray, max, ne } from "drizzle-orm";
import { db } from "../db/client";
import { invitation, member, session, user } from "../db/tables";
import { AppError } from "../errors";
import { ADMIN_ROLE, MEMBER_ROLE, type Role } from "../../shared/roles";
import { PENDING_EDIT_ERROR, type OrgInvitation, type OrgUser } from "../../shared/users/schema";

const asRole = (role: string | null): Role => (role === ADMIN_ROLE || role === "owner" ? ADMIN_ROLE : MEMBER_ROLE);

function splitName(name: string): [string | null, string | null] {
  const t = name.trim();
  if (!t) return [null, null];
  const i = t.indexOf(" ");
  return i < 0 ? [t, null] : [t.slice(0, i), t.slice(i + 1)];
}

export async function listOrgUsers({ orgId }: { orgId: string }): Promise<OrgUser[]> {
  const rows = await db()
    .select({ member, user })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.organizationId, orgId))
    .orderBy(user.name);
  const ids = rows.map((r) => r.user.id);
  // Last sign-in: the newest session the user opened (sessions are per user, not per organisation).
  const signIns = ids.length
    ? await db()
        .select({ userId: session.userId, at: max(session.createdAt) })
        .from(session)
        .where(inArray(session.userId, ids))
        .groupBy(session.userId)
    : [];
  const lastSignIn = new Map(signIns.map((s) => [s.userId, s.at]));
  return rows.map(({ member: m, user: u }) => {
    const [firstName, lastName] = splitName(u.name);
    const at = lastSignIn.get(u.id);
    return {
      id: u.id,
      email: u.email,
      firstName,
      lastName,
      username: null,
      profileImageUrl: u.image,
      publicMetadata: m.publicMetadata ?? {},
      role: asRole(m.role),
      activityStatus: "active",
      lastSignInAt: at ? new Date(at).toISOString() : null,
      createdAt: u.createdAt.toISOString(),
      joinedAt: m.createdAt.toISOString(),
      invitationCreatedAt: null,
      isInvitation: false,
    };
  });
}

/** Open, expired and revoked invitations; accepted ones are members now. */
export async function listOrgInvitations({ orgId }: { orgId: string }): Promise<OrgInvitation[]> {
  const rows = await db()
    .select()
    .from(invitation)
    .where(and(eq(invitation.organizationId, orgId), ne(invitation.status, "accepted")))
    .orderBy(desc(invitation.createdAt));
  const now = Date.now();
  return rows.map((inv) => ({
    id: inv.id,
    emailAddress: inv.email,
    status: inv.status === "pending" ? (inv.expiresAt.getTime() > now ? "pending" : "expired") : "revoked",
    role: asRole(inv.role),
    publicMetadata: {},
    createdAt: inv.createdAt.toISOString(),
    expiresAt: inv.expiresAt.toISOString(),
  }));
}

/** Replaces a member's public metadata in this organisation. An invitation id is refused in the spec's words. */
export async function updateUserMetadata({
  orgId,
  userId,
  metadata,
}: {
  orgId: string;
  userId: string;
  metadata: Record<string, string>;
}) {
  const updated = await db()
    .update(member)
    .set({ publicMetadata: metadata })
    .where(and(eq(member.organizationId, orgId), eq(member.userId, userId)))
    .returning({ userId: member.userId });
  if (updated.length) return { userId, publicMetadata: metadata };
  const [pending] = await db()
    .select({ id: invitation.id })
    .from(invitation)
    .where(and(eq(invitation.organizationId, orgId), eq(invitation.id, userId)))
    .limit(1);
  if (pending) throw new AppError("conflict", PENDING_EDIT_ERROR);
  throw new AppError("not_found", "User not found");
}
