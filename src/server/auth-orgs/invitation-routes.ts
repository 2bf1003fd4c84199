// The invitation link (decision 024): admins fetch it to pass on by hand (no SMTP, or a lost email);
// the invite page reads what it invites to, then accepts once the invitee is signed in.
import { Hono } from "hono";
import type { AppEnv } from "../env";
import type { AuthSource } from "../auth/lazy-auth";
import { requireAdmin, requireOrg } from "../auth/context";
import { AppError } from "../errors";
import { parseJson } from "../http/parse";
import { invalidate } from "../cache/invalidation";
import { acceptInvitationInput, type InvitationLink } from "../../shared/invitations";
import { invitationUrl } from "../auth/invitation-links";
import { acceptInvitationByLink, getPendingInvitation, previewInvitation } from "./invitations";

/** Without a session: the link's token is the credential (mounted before the session middleware). */
export const publicInvitationRoutes = new Hono<AppEnv>().get("/invitations/:invitationId", async (c) =>
  c.json(await previewInvitation({ id: c.req.param("invitationId"), token: c.req.query("token") ?? "" })),
);

export const invitationRoutes = (auth: AuthSource) =>
  new Hono<AppEnv>()
    .get("/invitations/:invitationId/link", requireOrg, requireAdmin("share invitation links"), async (c) => {
      const inv = await getPendingInvitation({ orgId: c.var.org.id, id: c.req.param("invitationId") });
      return c.json({
        url: invitationUrl("shared", inv),
        expiresAt: inv.expiresAt.toISOString(),
      } satisfies InvitationLink);
    })
    .post("/invitations/accept", async (c) => {
      const input = await parseJson(c, acceptInvitationInput);
      // An API key acts in the one organisation it was issued for; joining another is a person's act.
      if (c.var.apiKeyOrgId) throw new AppError("forbidden", "Sign in to accept an invitation; API keys cannot");
      const accepted = await acceptInvitationByLink({ auth, headers: c.req.raw.headers, caller: c.var.user, ...input });
      invalidate("auth");
      return c.json(accepted);
    });
