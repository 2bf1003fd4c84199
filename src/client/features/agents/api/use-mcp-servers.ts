// GET /api/mcpServers: the organisation's MCP servers (never their headers or environment).
import useSWR from "swr";
import type { McpServerInfo } from "@/server/mcp/queries";
import { fetcher, type HttpError } from "@/client/lib/api";

export type { McpServerInfo };

export const mcpServersKey = (orgId: string) => `/api/mcpServers?orgId=${encodeURIComponent(orgId)}`;

export function useMcpServers(orgId: string) {
  return useSWR<{ mcpServers: McpServerInfo[] }, HttpError>(mcpServersKey(orgId), fetcher);
}
