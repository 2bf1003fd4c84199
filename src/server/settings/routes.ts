import { Hono } from "hono";
import type { AppEnv } from "../env";
import { requireAdmin, requireOrg } from "../auth/context";
import { AppError } from "../errors";
import { parseJson } from "../http/parse";
import { privateToolsInput } from "../../shared/settings/schema";
import { PRIVATE_TOOL_NAMES } from "../../tools/registry";
import { updateOrgState } from "./queries";
import { getOrCreateApiKey, revokeApiKeys } from "../auth/api-keys";

// Private tools and personal API keys. The default agent (POST /orgSettings) is the agents feature's.
export const settingsRoutes = new Hono<AppEnv>()
  .post("/admin/tools", requireOrg, requireAdmin("manage private tools"), async (c) => {
    const { enabledPrivateTools } = await parseJson(c, privateToolsInput);
    const unknown = enabledPrivateTools.find((t) => !PRIVATE_TOOL_NAMES.includes(t));
    if (unknown) throw new AppError("bad_request", `${unknown} is not a private tool`);
    const unique = [...new Set(enabledPrivateTools)];
    const next = await updateOrgState({ orgId: c.var.org.id }, (s) => ({
      ...s,
      settings: { ...s.settings, enabledPrivateTools: unique },
    }));
    return c.json({ success: true, enabledPrivateTools: next.settings.enabledPrivateTools });
  })
  .get("/getAPIKey", requireOrg, async (c) =>
    c.json(await getOrCreateApiKey({ orgId: c.var.org.id, userId: c.var.user.id })),
  )
  .post("/revokeAPIKey", requireOrg, async (c) =>
    c.json({ success: true, revoked: await revokeApiKeys({ orgId: c.var.org.id, userId: c.var.user.id }) }),
  );
