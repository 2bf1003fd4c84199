// /api/admin/users, /api/admin/invitations, /api/admin/updateUserMetadata (hub spec §7), and the people
// management of issue 14 (decision 069): all admins only, in the same call style.
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { requireAdmin, requireOrg } from "../auth/context";
import { parseJson } from "../http/parse";
import { invalidate } from "../cache/invalidation";
import type { Mailer } from "../email/mailer";
import { updateUserMetadataInput } from "../../shared/users/schema";
import {
  invitationActionInput,
  inviteUserInput,
  removeUserInput,
  updateUserRoleInput,
} from "../../shared/users/member-actions";
import { listOrgInvitations, listOrgUsers, updateUserMetadata } from "./queries";
import { inviteUser, resendInvitation, revokeInvitation, type Inviter } from "./invitation-actions";
import { removeUser, updateUserRole } from "./member-actions";

export const userRoutes = (mailer: Mailer | null) => {
  const inviter = (c: { var: AppEnv["Variables"] }): Inviter => ({
    orgId: c.var.org.id,
    orgName: c.var.org.name,
    user: c.var.user,
    mailer,
  });
  return new Hono<AppEnv>()
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
    })
    .post("/admin/inviteUser", requireOrg, requireAdmin("invite users"), async (c) => {
      const input = await parseJson(c, inviteUserInput);
      return c.json({ success: true, ...(await inviteUser(inviter(c), input)) });
    })
    .post("/admin/resendInvitation", requireOrg, requireAdmin("resend invitations"), async (c) => {
      const { invitationId } = await parseJson(c, invitationActionInput);
      return c.json({ success: true, ...(await resendInvitation(inviter(c), invitationId)) });
    })
    .post("/admin/revokeInvitation", requireOrg, requireAdmin("revoke invitations"), async (c) => {
      const { invitationId } = await parseJson(c, invitationActionInput);
      return c.json({ success: true, ...(await revokeInvitation({ orgId: c.var.org.id, invitationId })) });
    })
    .post("/admin/updateUserRole", requireOrg, requireAdmin("change roles"), async (c) => {
      const input = await parseJson(c, updateUserRoleInput);
      const result = await updateUserRole({ orgId: c.var.org.id, ...input });
      // Roles are cached with sessions (decision 017): every replica must see the change at once.
      invalidate("auth");
      return c.json({ success: true, ...result });
    })
    .post("/admin/removeUser", requireOrg, requireAdmin("remove users"), async (c) => {
      const input = await parseJson(c, removeUserInput);
      const result = await removeUser({ orgId: c.var.org.id, ...input });
      invalidate("auth");
      return c.json({ success: true, ...result });
    });
};
