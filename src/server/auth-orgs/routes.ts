import { Hono } from "hono";
import { AppError } from "../errors";
import type { AppEnv } from "../env";
import { getUserInfo } from "./user-info";

export const authOrgRoutes = new Hono<AppEnv>().get("/getUser", async (c) => {
  const info = await getUserInfo(c.var.user, c.var.activeOrganizationId);
  if (c.var.apiKeyOrgId) info.organizations = info.organizations.filter((o) => o.id === c.var.apiKeyOrgId);
  const orgId = c.req.query("orgId");
  // Naming an organisation the caller is not in is reported as if it did not exist.
  if (orgId && !info.organizations.some((o) => o.id === orgId))
    throw new AppError("not_found", "Organization not found");
  return c.json(info);
});
