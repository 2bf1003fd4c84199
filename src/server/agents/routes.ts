import { Hono } from "hono";
import type { AppEnv } from "../env";
import { requireAdmin, requireOrg } from "../auth/context";
import { AppError } from "../errors";
import { parseJson, readJson, validateBody } from "../http/parse";
import { deleteAgentInput, saveAgentInput } from "../../shared/agents/schema";
import { getAgentRow, listAgents, toAgent } from "./queries";
import { deleteAgent, saveAgent } from "./agent-service";
import { setDefaultAgent } from "./default-agent";
import { orgSettingsInput } from "../../shared/settings/schema";
import { isIntId } from "../../shared/ids";

export const agentRoutes = new Hono<AppEnv>()
  .get("/agents", requireOrg, async (c) => {
    const id = c.req.query("id");
    if (id === undefined) return c.json(await listAgents({ orgId: c.var.org.id }));
    const row = isIntId(Number(id)) ? await getAgentRow({ orgId: c.var.org.id, id: Number(id) }) : null;
    if (!row) throw new AppError("not_found", "Agent not found");
    return c.json(toAgent(row));
  })
  .post("/agents", requireOrg, async (c) => {
    const raw = await readJson(c);
    const isUpdate = typeof raw === "object" && raw !== null && (raw as { id?: unknown }).id != null;
    if (!c.var.isAdmin)
      throw new AppError("forbidden", `Only organization admins can ${isUpdate ? "update" : "create"} agents`);
    const input = validateBody(saveAgentInput, raw);
    const saved = await saveAgent({ orgId: c.var.org.id, userId: c.var.user.id, input });
    return c.json(saved, input.id === undefined ? 201 : 200);
  })
  .delete("/agents", requireOrg, requireAdmin("delete agents"), async (c) => {
    const { agentId } = await parseJson(c, deleteAgentInput);
    await deleteAgent({ orgId: c.var.org.id, id: agentId });
    return c.json({ success: true });
  })
  .post("/orgSettings", requireOrg, requireAdmin("update settings"), async (c) => {
    const { settings } = await parseJson(c, orgSettingsInput);
    return c.json({
      success: true,
      settings: await setDefaultAgent({ orgId: c.var.org.id, agentId: settings.defaultAgentId }),
    });
  });
