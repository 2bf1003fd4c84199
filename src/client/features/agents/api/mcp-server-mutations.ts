// POST and DELETE /api/mcpServers (admins). Stdio servers are refused unless the operator allowed them.
import type { McpServerInput } from "@/shared/agents/mcp-schema";
import { authFetch } from "@/client/lib/api";
import type { McpServerInfo } from "./use-mcp-servers";

export const createMcpServer = (input: McpServerInput) => authFetch<McpServerInfo>("/api/mcpServers", { method: "POST", body: input });

export const deleteMcpServer = (id: number) => authFetch<{ success: true }>("/api/mcpServers", { method: "DELETE", body: { id } });
