// /api/mcpServers: an organisation's MCP servers. Everyone in the organisation may list them (never
// their headers or environment); only admins add or remove them.
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { requireAdmin, requireOrg } from "../auth/context";
import { parseJson } from "../http/parse";
import { mcpServerInput } from "../../shared/agents/mcp-schema";
import { intId } from "../../shared/ids";
import { listMcpServers } from "./queries";
import { createMcpServer, deleteMcpServer } from "./server-service";

export const mcpServerRoutes = new Hono<AppEnv>()
  .get("/mcpServers", requireOrg, async (c) => c.json({ mcpServers: await listMcpServers({ orgId: c.var.org.id }) }))
  .post("/mcpServers", requireOrg, requireAdmin("manage MCP servers"), async (c) => {
    const input = await parseJson(c, mcpServerInput);
    return c.json(await createMcpServer({ orgId: c.var.org.id, input }), 201);
  })
  .delete("/mcpServers", requireOrg, requireAdmin("manage MCP servers"), async (c) => {
    const { id } = await parseJson(c, z.object({ id: intId() }));
    await deleteMcpServer({ orgId: c.var.org.id, id });
    return c.json({ success: true });
  });
