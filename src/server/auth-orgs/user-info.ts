// GET /api/getUser: the signed-in user, their organisations (role, connections as keys only,
// model preferences, settings, the tools it cannot run yet), linked external accounts with their approved
// scopes, and the tools the operator has not configured (decisions 080, 092).
import type { UserInfo, UserOrganization } from "../../shared/org";
import { listExternalAccounts } from "./external-accounts";
import { listMcpServers } from "../mcp/queries";
import type { RequestUser } from "../env";
import { listMemberships } from "../auth/memberships";
import { getConnectionMap } from "../providers/connections";
import { getOrgState } from "../settings/queries";
import { unconfiguredTools } from "../../tools/configured.server";

export async function getUserInfo(user: RequestUser, activeOrganizationId: string | null): Promise<UserInfo> {
  const memberships = await listMemberships({ userId: user.id });
  const organizations = await Promise.all(
    memberships.map(async ({ org, role }): Promise<UserOrganization> => {
      const [connections, state, mcpServers] = await Promise.all([
        getConnectionMap({ orgId: org.id }),
        getOrgState({ orgId: org.id }),
        listMcpServers({ orgId: org.id }),
      ]);
      // The hub reads the organisation's MCP servers from its connections map (hub spec §3).
      return {
        id: org.id,
        name: org.name,
        slug: org.slug,
        role,
        imageUrl: org.logo,
        connections: { ...connections, mcp_servers: mcpServers },
        ...state,
        unconfiguredTools: unconfiguredTools(connections),
      };
    }),
  );
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    imageUrl: user.image ?? null,
    activeOrganizationId: organizations.some((o) => o.id === activeOrganizationId) ? activeOrganizationId : null,
    organizations,
    externalAccounts: await listExternalAccounts({ userId: user.id }),
    unconfiguredTools: unconfiguredTools(),
  };
}
