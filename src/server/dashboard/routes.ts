// /api/dashboard/* (hub spec §7): personal figures for everyone; allInOrg=true is the admin view.
import { Hono, type Context } from "hono";
import type { AppEnv } from "../env";
import { requireOrg } from "../auth/context";
import { AppError } from "../errors";
import { validateBody } from "../http/parse";
import { adminOnlyMessage } from "../../shared/roles";
import { dashboardQuery } from "../../shared/dashboard/schema";
import type { DashboardFilter } from "./filters";
import { getStats } from "./stats";
import { listInteractions } from "./interactions";

/** The filter a caller may use: personal figures are the caller's own whatever userId says. */
function filterFor(c: Context<AppEnv>, action: string) {
  const q = validateBody(dashboardQuery, c.req.query());
  if (q.allInOrg && !c.var.isAdmin) throw new AppError("forbidden", adminOnlyMessage(action));
  const filter: DashboardFilter = {
    orgId: c.var.org.id,
    from: q.from,
    to: q.to,
    agentId: q.agentId,
    userId: q.allInOrg ? q.userId || undefined : c.var.user.id,
    metadataKey: q.allInOrg ? q.metadataKey : undefined,
    metadataValue: q.allInOrg ? q.metadataValue : undefined,
  };
  return { filter, q };
}

export const dashboardRoutes = new Hono<AppEnv>()
  .get("/dashboard/getStats", requireOrg, async (c) => {
    const { filter } = filterFor(c, "view organization-wide statistics");
    return c.json(await getStats(filter));
  })
  .get("/dashboard/getInteractions", requireOrg, async (c) => {
    const { filter, q } = filterFor(c, "view organization-wide interactions");
    return c.json(await listInteractions({ ...filter, cursor: q.cursor, limit: q.limit }));
  });
