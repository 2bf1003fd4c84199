import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { TenancyCases } from "../test/tenancy-types";
import type { OrgFixture, TenancyFixture } from "../test/tenancy-fixture";
import type { TestContext } from "../test/context";
import { call } from "../test/http";
import { db } from "../db/client";
import { invitation, member } from "../db/tables";

const NOTE = "tenant-a-member-metadata-note";

// One open invitation of A that resend and revoke aim at; it must stay exactly as it was.
let target: { id: string; email: string; expiresAt: number } | null = null;
async function seedInvitation(ctx: TestContext, a: OrgFixture) {
  if (!target) {
    const email = `tenant-a-people-${a.id.slice(0, 6).toLowerCase()}@example.com`;
    const res = await call(ctx.app, "POST", `/api/admin/inviteUser?orgId=${a.id}`, {
      token: a.admin.token,
      body: { email, role: "org:member" },
    });
    const [row] = await db().select().from(invitation).where(eq(invitation.id, res.body.invitationId));
    target = { id: row!.id, email, expiresAt: row!.expiresAt.getTime() };
  }
  return [target.email];
}
async function invitationIntact() {
  const [row] = await db().select().from(invitation).where(eq(invitation.id, target!.id));
  expect(row?.status).toBe("pending");
  expect(row?.expiresAt.getTime()).toBe(target!.expiresAt);
}
async function memberIntact(f: TenancyFixture) {
  const [row] = await db()
    .select({ role: member.role })
    .from(member)
    .where(and(eq(member.organizationId, f.a.id), eq(member.userId, f.a.member.userId)));
  expect(row?.role).toBe("org:member");
}
/** Aimed at A by name, and at "my own organisation" with A's ids. */
const both = (aId: string, path: string, body: unknown) => [
  { method: "POST", path: `${path}?orgId=${aId}`, body },
  { method: "POST", path, body },
];

export const userTenancyCases: TenancyCases = {
  "GET /api/admin/users": {
    seed: async (_ctx, a) => {
      await db()
        .update(member)
        .set({ publicMetadata: { note: NOTE } })
        .where(and(eq(member.organizationId, a.id), eq(member.userId, a.member.userId)));
      return [NOTE];
    },
    attacks: (f) => [
      { method: "GET", path: `/api/admin/users?orgId=${f.a.id}` },
      { method: "GET", path: "/api/admin/users" },
    ],
    control: (f) => ({ method: "GET", path: `/api/admin/users?orgId=${f.a.id}` }),
  },
  "GET /api/admin/invitations": {
    seed: async (ctx, a) => {
      const email = `tenant-a-invitee-${a.id.slice(0, 6).toLowerCase()}@example.com`;
      await call(ctx.app, "POST", "/api/auth/organization/invite-member", {
        token: a.admin.token,
        body: { email, role: "org:member", organizationId: a.id },
      });
      return [email];
    },
    attacks: (f) => [
      { method: "GET", path: `/api/admin/invitations?orgId=${f.a.id}` },
      { method: "GET", path: "/api/admin/invitations" },
    ],
    control: (f) => ({ method: "GET", path: `/api/admin/invitations?orgId=${f.a.id}` }),
  },
  "POST /api/admin/updateUserMetadata": {
    attacks: (f) => [
      {
        method: "POST",
        path: `/api/admin/updateUserMetadata?orgId=${f.a.id}`,
        body: { userId: f.a.member.userId, metadata: { note: "hijacked" } },
      },
      {
        method: "POST",
        path: "/api/admin/updateUserMetadata",
        body: { userId: f.a.member.userId, metadata: { note: "hijacked" } },
      },
    ],
    intact: async (ctx, f) => {
      const res = await call(ctx.app, "GET", `/api/admin/users?orgId=${f.a.id}`, { token: f.a.admin.token });
      expect(res.text).toContain(NOTE);
      expect(res.text).not.toContain("hijacked");
    },
  },
  "POST /api/admin/inviteUser": {
    attacks: (f) => [
      {
        method: "POST",
        path: `/api/admin/inviteUser?orgId=${f.a.id}`,
        body: { email: "tenant-a-intruder@example.com", role: "org:admin" },
      },
    ],
    intact: async (_ctx, f) => {
      const rows = await db().select().from(invitation).where(eq(invitation.organizationId, f.a.id));
      expect(rows.map((r) => r.email)).not.toContain("tenant-a-intruder@example.com");
    },
  },
  "POST /api/admin/resendInvitation": {
    seed: seedInvitation,
    attacks: (f) => both(f.a.id, "/api/admin/resendInvitation", { invitationId: target!.id }),
    intact: invitationIntact,
  },
  "POST /api/admin/revokeInvitation": {
    seed: seedInvitation,
    attacks: (f) => both(f.a.id, "/api/admin/revokeInvitation", { invitationId: target!.id }),
    intact: invitationIntact,
  },
  "POST /api/admin/updateUserRole": {
    attacks: (f) => both(f.a.id, "/api/admin/updateUserRole", { userId: f.a.member.userId, role: "org:admin" }),
    intact: async (_ctx, f) => memberIntact(f),
  },
  "POST /api/admin/removeUser": {
    attacks: (f) => both(f.a.id, "/api/admin/removeUser", { userId: f.a.member.userId }),
    intact: async (_ctx, f) => memberIntact(f),
  },
};
