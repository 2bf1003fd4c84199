// Changing a member's role and removing a member (decision 069). An organisation always keeps an admin:
// the organisation's admin rows are locked first, so two admins demoting each other at once cannot both win.
import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import { member } from "../db/tables";
import { AppError } from "../errors";
import { ADMIN_ROLE, type Role } from "../../shared/roles";
import { LAST_ADMIN_DEMOTE, LAST_ADMIN_REMOVE, USER_NOT_FOUND } from "../../shared/users/member-actions";

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

async function lockedMembership(tx: Tx, orgId: string, userId: string) {
  const admins = await tx
    .select({ userId: member.userId })
    .from(member)
    .where(and(eq(member.organizationId, orgId), eq(member.role, ADMIN_ROLE)))
    .for("update");
  const [target] = await tx
    .select({ id: member.id, role: member.role })
    .from(member)
    .where(and(eq(member.organizationId, orgId), eq(member.userId, userId)))
    .limit(1)
    .for("update");
  if (!target) throw new AppError("not_found", USER_NOT_FOUND);
  const lastAdmin = target.role === ADMIN_ROLE && admins.length <= 1;
  return { target, lastAdmin };
}

export async function updateUserRole({ orgId, userId, role }: { orgId: string; userId: string; role: Role }) {
  return db().transaction(async (tx) => {
    const { target, lastAdmin } = await lockedMembership(tx, orgId, userId);
    if (lastAdmin && role !== ADMIN_ROLE) throw new AppError("conflict", LAST_ADMIN_DEMOTE);
    await tx.update(member).set({ role }).where(eq(member.id, target.id));
    return { userId, role };
  });
}

export async function removeUser({ orgId, userId }: { orgId: string; userId: string }) {
  return db().transaction(async (tx) => {
    const { target, lastAdmin } = await lockedMembership(tx, orgId, userId);
    if (lastAdmin) throw new AppError("conflict", LAST_ADMIN_REMOVE);
    await tx.delete(member).where(eq(member.id, target.id));
    return { userId };
  });
}
