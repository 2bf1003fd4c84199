import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { TenancyCases } from "../test/tenancy-types";
import { call } from "../test/http";
import { db } from "../db/client";
import { member } from "../db/tables";

const NOTE = "tenant-a-member-metadata-note";

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
};
