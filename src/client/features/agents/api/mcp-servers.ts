// /api/mcpServers: the organisation's MCP servers (never their headers or environment), and adding or
// deleting one (admins). Stdio servers are refused unless the operator allowed them.
import useSWR from "swr";
import type { McpServerInfo } from "@/server/mcp/queries";
import type { McpServerInput } from "@/shared/agents/mcp-schema";
import { callApi, fetcher, type HttpError } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";

export type { McpServerInfo };

export const mcpServersKey = (orgId: string) => orgPath(orgId, "/api/mcpServers");

export function useMcpServers(orgId: string) {
  return useSWR<{ mcpServers: McpServerInfo[] }, HttpError>(mcpServersKey(orgId), fetcher);
}

export const createMcpServer = (orgId: string, input: McpServerInput) =>
  callApi<McpServerInfo>(mcpServersKey(orgId), { method: "POST", body: input });

export const deleteMcpServer = (orgId: string, id: number) =>
  callApi<{ success: true }>(mcpServersKey(orgId), { method: "DELETE", body: { id } });
