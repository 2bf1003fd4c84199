import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { invitation } from "../db/tables";
import { call, invitationLink, linkParams } from "../test/http";
import type { TestContext } from "../test/context";
import type { OrgFixture } from "../test/tenancy-fixture";
import type { TenancyCases } from "../test/tenancy-types";

/** A's pending invitation and its secret link: the token is a marker no outsider may see. */
let invited: { id: string; email: string; token: string } = { id: "none", email: "none", token: "none" };
async function seedInvitation(ctx: TestContext, a: OrgFixture) {
  const email = `tenancy-invitee-${Date.now()}@example.com`;
  const res = await call(ctx.app, "POST", "/api/auth/organization/invite-member", {
    token: a.admin.token,
    body: { email, role: "org:admin", organizationId: a.id },
  });
  const { token } = linkParams(await invitationLink(ctx.app, a.admin, a.id, res.body.id));
  invited = { id: res.body.id, email, token };
  return [email, token];
}

export const authOrgTenancyCases: TenancyCases = {
  "GET /api/getUser": {
    attacks: (f) => [
      { method: "GET", path: `/api/getUser?orgId=${f.a.id}` },
      { method: "GET", path: "/api/getUser" },
    ],
    control: (f) => ({ method: "GET", path: `/api/getUser?orgId=${f.a.id}` }),
  },
  "GET /api/auth/*": {
    attacks: (f) => [
      { method: "GET", path: `/api/auth/organization/get-full-organization?organizationId=${f.a.id}` },
      { method: "GET", path: `/api/auth/organization/list-members?organizationId=${f.a.id}` },
      { method: "GET", path: `/api/auth/organization/list-invitations?organizationId=${f.a.id}` },
      { method: "GET", path: "/api/auth/organization/list" },
      { method: "GET", path: "/api/auth/get-session" },
    ],
    control: (f) => ({ method: "GET", path: `/api/auth/organization/get-full-organization?organizationId=${f.a.id}` }),
  },
  "POST /api/auth/*": {
    attacks: (f) => [
      { method: "POST", path: "/api/auth/organization/set-active", body: { organizationId: f.a.id } },
      {
        method: "POST",
        path: "/api/auth/organization/invite-member",
        body: { organizationId: f.a.id, email: "intruder@example.com", role: "org:admin" },
      },
      {
        method: "POST",
        path: "/api/auth/organization/update",
        body: { organizationId: f.a.id, data: { name: "Hijacked" } },
      },
      { method: "POST", path: "/api/auth/organization/delete", body: { organizationId: f.a.id } },
      {
        method: "POST",
        path: "/api/auth/organization/remove-member",
        body: { organizationId: f.a.id, memberIdOrEmail: f.a.member.email },
      },
      { method: "POST", path: "/api/auth/organization/get-active-member", body: {} },
    ],
    control: (f) => ({ method: "POST", path: "/api/auth/organization/set-active", body: { organizationId: f.a.id } }),
  },
  "GET /api/invitations/:invitationId": {
    seed: seedInvitation,
    attacks: () => [
      { method: "GET", path: `/api/invitations/${invited.id}` },
      { method: "GET", path: `/api/invitations/${invited.id}?token=${invited.id}` },
    ],
    control: () => ({ method: "GET", path: `/api/invitations/${invited.id}?token=${invited.token}` }),
  },
  "GET /api/invitations/:invitationId/link": {
    seed: seedInvitation,
    attacks: (f) => [
      { method: "GET", path: `/api/invitations/${invited.id}/link?orgId=${f.a.id}` },
      { method: "GET", path: `/api/invitations/${invited.id}/link?orgId=${f.b.id}` },
      { method: "GET", path: `/api/invitations/${invited.id}/link` },
    ],
    control: (f) => ({ method: "GET", path: `/api/invitations/${invited.id}/link?orgId=${f.a.id}` }),
  },
  "POST /api/invitations/accept": {
    seed: seedInvitation,
    attacks: () => [
      { method: "POST", path: "/api/invitations/accept", body: { invitationId: invited.id, token: invited.token } },
      { method: "POST", path: "/api/invitations/accept", body: { invitationId: invited.id, token: invited.id } },
    ],
    intact: async () => {
      const [row] = await db()
        .select({ status: invitation.status })
        .from(invitation)
        .where(eq(invitation.id, invited.id));
      if (row?.status !== "pending") throw new Error(`A's invitation was ${row?.status ?? "deleted"} by an outsider`);
    },
  },
};
