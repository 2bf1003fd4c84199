// /api/dashboard/* (hub spec §7): personal figures for everyone; allInOrg=true is the admin view.
import { Hono, type Context } from "hono";
import type { AppEnv } from "../env";
import { requireOrg } from "../auth/context";
import { AppError } from "../errors";
import { validateBody } from "../http/parse";
import { adminOnlyMessage } from "../../shared/roles";
import { dashboardQuery, timeZoneParam } from "../../shared/dashboard/schema";
import type { DashboardFilter } from "./filters";
import { getStats } from "./stats";
import { listInteractions } from "./interactions";
import { getDaily } from "./daily";
import { getCosts } from "./costs";
import { interactionsCsv } from "./export";

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
  })
  // Beyond the spec (decision 084): the chart's days, cost, and the interactions as CSV, same filter rules.
  .get("/dashboard/getDaily", requireOrg, async (c) => {
    const { filter } = filterFor(c, "view organization-wide statistics");
    const timeZone = validateBody(timeZoneParam, c.req.query("timeZone")) ?? "UTC";
    return c.json(await getDaily({ ...filter, timeZone }));
  })
  .get("/dashboard/getCosts", requireOrg, async (c) => {
    const { filter, q } = filterFor(c, "view organization-wide statistics");
    return c.json(await getCosts({ ...filter, byUser: q.allInOrg }));
  })
  .get("/dashboard/exportInteractions", requireOrg, async (c) => {
    const { filter } = filterFor(c, "view organization-wide interactions");
    const rows = interactionsCsv(filter);
    const encoder = new TextEncoder();
    // A byte-order mark first, so spreadsheet programs read the file as UTF-8.
    let started = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await rows.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode((started ? "" : "\uFEFF") + next.value));
        started = true;
      },
      async cancel() {
        await rows.return(undefined);
      },
    });
    const day = new Date().toISOString().slice(0, 10);
    return c.body(body, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="interactions-${day}.csv"`,
      "Cache-Control": "no-store",
    });
  });
