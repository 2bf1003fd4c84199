// The signed-in user and organisation the client tests render with: Ada, an admin of Acme, with no
// connections, preferences or linked accounts unless a test says otherwise.
import type { UserInfo, UserOrganization } from "@/shared/org";
import { ADMIN_ROLE } from "@/shared/roles";

export function makeOrg(overrides: Partial<UserOrganization> = {}): UserOrganization {
  return {
    id: "org_1",
    name: "Acme",
    slug: "acme",
    role: ADMIN_ROLE,
    imageUrl: null,
    connections: {},
    modelPreferences: {},
    settings: { defaultAgentId: null, enabledPrivateTools: [] },
    unconfiguredTools: [],
    ...overrides,
  };
}

/** Ada, in `organizations` (default: Acme), active in the first of them unless overridden. */
export function makeUser(overrides: Partial<UserInfo> = {}): UserInfo {
  const organizations = overrides.organizations ?? [makeOrg()];
  return {
    id: "u1",
    name: "Ada",
    email: "ada@example.com",
    imageUrl: null,
    activeOrganizationId: organizations[0]?.id ?? null,
    organizations,
    externalAccounts: [],
    unconfiguredTools: [],
    ...overrides,
  };
}
