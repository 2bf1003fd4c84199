import { and, eq, inArray } from "drizzle-orm";
import { db } from "../db/client";
import { mcpServer } from "../db/tables";
import { secrets } from "../services";

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

/** The enabled servers among `ids` that belong to the organisation, with their secrets decrypted. */
export async function loadMcpServers({ orgId, ids }: { orgId: string; ids: number[] }): Promise<McpServerConfig[]> {
  if (!ids.length) return [];
  const rows = await db
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
    secrets: r.encryptedSecrets ? secrets.decryptJson<Record<string, string>>(r.encryptedSecrets) : {},
  }));
}
