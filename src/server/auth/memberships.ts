// Membership queries: the only way the server learns a user's role in an organisation.
import { and, asc, eq } from "drizzle-orm";
import { db } from "../db/client";
import { member, organization } from "../db/tables";

export async function getMembership({ orgId, userId }: { orgId: string; userId: string }) {
  const [row] = await db()
    .select({ role: member.role, org: organization })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(and(eq(member.organizationId, orgId), eq(member.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function listMemberships({ userId }: { userId: string }) {
  return db()
    .select({ role: member.role, org: organization })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, userId))
    .orderBy(asc(organization.createdAt));
}
