import type { TenancyCases } from "../test/tenancy-types";

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
      { method: "POST", path: "/api/auth/organization/invite-member", body: { organizationId: f.a.id, email: "intruder@example.com", role: "org:admin" } },
      { method: "POST", path: "/api/auth/organization/update", body: { organizationId: f.a.id, data: { name: "Hijacked" } } },
      { method: "POST", path: "/api/auth/organization/delete", body: { organizationId: f.a.id } },
      { method: "POST", path: "/api/auth/organization/remove-member", body: { organizationId: f.a.id, memberIdOrEmail: f.a.member.email } },
      { method: "POST", path: "/api/auth/organization/get-active-member", body: {} },
    ],
    control: (f) => ({ method: "POST", path: "/api/auth/organization/set-active", body: { organizationId: f.a.id } }),
  },
};
