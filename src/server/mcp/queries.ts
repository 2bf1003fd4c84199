// Reads of an organisation's MCP servers: what clients may see (the list), and what a chat needs to
// connect (the enabled servers with their secrets decrypted).
import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "../db/client";
import { mcpServer } from "../db/tables";
import { secrets } from "../security/secrets";

export interface McpServerInfo {
  id: number;
  name: string;
  description: string;
  enabled: boolean;
  type: string;
  command?: string;
  args?: string[];
  url?: string;
}

export interface McpServerConfig {
  id: number;
  name: string;
  type: string;
  command: string | null;
  args: string[];
  url: string | null;
  /** Environment (stdio) or headers (http, sse), decrypted. */
  secrets: Record<string, string>;
}

type Row = typeof mcpServer.$inferSelect;

/** What clients may see of an MCP server: never its headers or environment. */
export const toMcpServerInfo = (r: Row): McpServerInfo => ({
  id: r.id,
  name: r.name,
  description: r.description,
  enabled: r.enabled,
  type: r.type,
  ...(r.type === "stdio" ? { command: r.command ?? "", args: r.args } : { url: r.url ?? "" }),
});

export async function listMcpServers({ orgId }: { orgId: string }): Promise<McpServerInfo[]> {
  const rows = await db()
    .select()
    .from(mcpServer)
    .where(eq(mcpServer.organizationId, orgId))
    .orderBy(asc(mcpServer.name), asc(mcpServer.id));
  return rows.map(toMcpServerInfo);
}

export async function existingMcpServerIds({ orgId, ids }: { orgId: string; ids: number[] }): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db()
    .select({ id: mcpServer.id })
    .from(mcpServer)
    .where(and(eq(mcpServer.organizationId, orgId), inArray(mcpServer.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** The enabled servers among `ids` that belong to the organisation, with their secrets decrypted. */
export async function loadMcpServers({ orgId, ids }: { orgId: string; ids: number[] }): Promise<McpServerConfig[]> {
  if (!ids.length) return [];
  const rows = await db()
    .select()
    .from(mcpServer)
    .where(and(eq(mcpServer.organizationId, orgId), inArray(mcpServer.id, ids), eq(mcpServer.enabled, true)));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    type: r.type,
    command: r.command,
    args: r.args,
    url: r.url,
    secrets: r.encryptedSecrets ? secrets().decryptJson<Record<string, string>>(r.encryptedSecrets) : {},
  }));
}
