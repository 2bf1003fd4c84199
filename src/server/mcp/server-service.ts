// Saving and deleting an organisation's MCP servers. Stdio servers run programs on this machine, so the
// operator's allow-list (MCP_STDIO_ALLOWLIST, read from runtime-options.ts here and at every spawn in
// connect.ts) names the commands and the arguments they may take (checked on the resolved paths,
// stdio-allowlist.ts), and they run sandboxed (stdio-sandbox.ts); a server the host could not run
// isolated is refused here already. Remote servers' URLs go through the outbound guard when used.
import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import { invalidate } from "../cache/invalidation";
import { agent, mcpServer } from "../db/tables";
import { AppError } from "../errors";
import { secrets } from "../security/secrets";
import type { McpServerInput } from "../../shared/agents/mcp-schema";
import { mcpRuntimeOptions } from "./runtime-options";
import { checkStdioAllowed } from "./stdio-allowlist";
import { stdioSandboxUnavailable } from "./stdio-sandbox";
import { toMcpServerInfo } from "./queries";

export async function createMcpServer({ orgId, input }: { orgId: string; input: McpServerInput }) {
  if (input.type === "stdio") {
    const { stdioAllowlist, dataDir } = mcpRuntimeOptions();
    checkStdioAllowed(stdioAllowlist, input.command, input.args, dataDir);
    const unavailable = stdioSandboxUnavailable();
    if (unavailable) throw new AppError("bad_request", unavailable);
  }
  const secret = input.type === "stdio" ? input.env : input.headers;
  const [row] = await db()
    .insert(mcpServer)
    .values({
      organizationId: orgId,
      name: input.name,
      description: input.description,
      enabled: input.enabled,
      type: input.type,
      command: input.type === "stdio" ? input.command : null,
      args: input.type === "stdio" ? input.args : [],
      url: input.type === "stdio" ? null : input.url,
      encryptedSecrets: secret && Object.keys(secret).length ? secrets().encryptJson(secret) : null,
    })
    .returning();
  return toMcpServerInfo(row!);
}

export async function deleteMcpServer({ orgId, id }: { orgId: string; id: number }) {
  const rows = await db()
    .delete(mcpServer)
    .where(and(eq(mcpServer.organizationId, orgId), eq(mcpServer.id, id)))
    .returning({ id: mcpServer.id });
  if (!rows.length) throw new AppError("not_found", "MCP server not found");
  // Agents that used it stop referring to it.
  const users = await db()
    .select({ id: agent.id, mcpServers: agent.mcpServers })
    .from(agent)
    .where(eq(agent.organizationId, orgId));
  for (const a of users.filter((u) => u.mcpServers.includes(id))) {
    await db()
      .update(agent)
      .set({ mcpServers: a.mcpServers.filter((x) => x !== id) })
      .where(and(eq(agent.organizationId, orgId), eq(agent.id, a.id)));
  }
  invalidate("agents");
}
