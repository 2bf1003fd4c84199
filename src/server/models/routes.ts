import { Hono } from "hono";
import type { AppEnv } from "../env";
import { requireAdmin, requireOrg } from "../auth/context";
import { modelPreferencesInput } from "../../shared/models/preferences-schema";
import { availableModels } from "../../shared/models/available";
import { getConnectionMap } from "../providers/connections";
import { getOrgState } from "../settings/queries";
import { updateModelPreferences } from "./preferences-service";
import { parseJson } from "../http/parse";
import { resetModelPriceInput, updateModelPriceInput } from "../../shared/models/prices-schema";
import { listModelPrices, resetModelPrice, updateModelPrice } from "./prices";

export const modelRoutes = new Hono<AppEnv>()
  // The models this organisation can use now: connected providers' catalogue models and Azure instances.
  .get("/models", requireOrg, async (c) => {
    const orgId = c.var.org.id;
    const [connections, state] = await Promise.all([getConnectionMap({ orgId }), getOrgState({ orgId })]);
    return c.json({
      models: availableModels(connections, state.modelPreferences),
      modelPreferences: state.modelPreferences,
    });
  })
  .post("/updateModelPreferences", requireOrg, requireAdmin("update model preferences"), async (c) => {
    const input = await parseJson(c, modelPreferencesInput);
    return c.json({ success: true, modelPreferences: await updateModelPreferences({ orgId: c.var.org.id, input }) });
  })
  // Prices for the dashboard's cost (decision 084): everyone reads them, admins set them.
  .get("/modelPrices", requireOrg, async (c) =>
    c.json({ currency: "USD", prices: await listModelPrices({ orgId: c.var.org.id }) }),
  )
  .post("/updateModelPrice", requireOrg, requireAdmin("update model prices"), async (c) => {
    const input = await parseJson(c, updateModelPriceInput);
    await updateModelPrice({ orgId: c.var.org.id, input });
    return c.json({ success: true });
  })
  .post("/resetModelPrice", requireOrg, requireAdmin("update model prices"), async (c) => {
    const { model } = await parseJson(c, resetModelPriceInput);
    await resetModelPrice({ orgId: c.var.org.id, model });
    return c.json({ success: true });
  });
