// A new session starts in the organisation its user last worked in, or their only one (issue 17 #21), so a
// returning user does not pick their organisation on the welcome screen after every sign-in. Users with none,
// or with several and no remembered one, still get the welcome screen.
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { member, user } from "../db/tables";

/** The organisation a new session of this user starts in, if one is clear and they still belong to it. */
export async function startingOrganization(db: Db, userId: string): Promise<string | null> {
  const [u] = await db.select({ last: user.lastActiveOrganizationId }).from(user).where(eq(user.id, userId)).limit(1);
  if (u?.last) {
    const [stillMember] = await db
      .select({ id: member.id })
      .from(member)
      .where(and(eq(member.userId, userId), eq(member.organizationId, u.last)))
      .limit(1);
    if (stillMember) return u.last;
  }
  const memberships = await db
    .select({ organizationId: member.organizationId })
    .from(member)
    .where(eq(member.userId, userId))
    .limit(2);
  return memberships.length === 1 ? memberships[0]!.organizationId : null;
}

type SessionData = { userId: string; activeOrganizationId?: string | null } & Record<string, unknown>;

/** Better Auth's session hooks: remember each switch, start each new session in the remembered one. */
export function lastActiveOrgHooks(db: Db) {
  return {
    create: {
      before: async (session: SessionData) => {
        if (session.activeOrganizationId) return;
        const orgId = await startingOrganization(db, session.userId);
        return orgId ? { data: { ...session, activeOrganizationId: orgId } } : undefined;
      },
    },
    update: {
      after: async (session: Partial<SessionData>) => {
        if (!session.userId || !session.activeOrganizationId) return;
        await db
          .update(user)
          .set({ lastActiveOrganizationId: session.activeOrganizationId })
          .where(eq(user.id, session.userId));
      },
    },
  };
}
