// /api/admin/users, /api/admin/invitations, /api/admin/updateUserMetadata (hub spec §7): admins only.
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { requireAdmin, requireOrg } from "../auth/context";
import { parseJson } from "../http/parse";
import { updateUserMetadataInput } from "../../shared/users/schema";
import { listOrgInvitations, listOrgUsers, updateUserMetadata } from "./queries";

export const userRoutes = new Hono<AppEnv>()
  .get("/admin/users", requireOrg, requireAdmin("view users"), async (c) => {
    const data = await listOrgUsers({ orgId: c.var.org.id });
    return c.json({ data, totalCount: data.length });
  })
  .get("/admin/invitations", requireOrg, requireAdmin("view invitations"), async (c) => {
    const data = await listOrgInvitations({ orgId: c.var.org.id });
    return c.json({ data, totalCount: data.length });
  })
  .post("/admin/updateUserMetadata", requireOrg, requireAdmin("edit user metadata"), async (c) => {
    const input = await parseJson(c, updateUserMetadataInput);
    return c.json({ success: true, ...(await updateUserMetadata({ orgId: c.var.org.id, ...input })) });
  });
