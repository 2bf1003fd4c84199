// The chat's Send / Cancel on a send_email draft (decision 061): only the conversation's owner, in
// the active organisation, sees a draft or answers it.
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { requireOrg } from "../auth/context";
import { parseJson } from "../http/parse";
import { AppError } from "../errors";
import { decideApproval, pendingDraft } from "./queries";
import { isUuid } from "../db/row-id";

const decision = z.object({ action: z.enum(["send", "cancel"], { message: "action must be send or cancel" }) });

export const emailApprovalRoutes = new Hono<AppEnv>()
  .get("/email-approvals", requireOrg, async (c) => {
    const toolCallId = c.req.query("toolCallId")?.trim() ?? "";
    if (!toolCallId || toolCallId.length > 200) throw new AppError("bad_request", "toolCallId is required");
    return c.json({
      draft: await pendingDraft({ orgId: c.var.org.id, userId: c.var.user.id, toolCallId }),
    });
  })
  .post("/email-approvals/:id", requireOrg, async (c) => {
    const id = c.req.param("id");
    if (!isUuid(id)) throw new AppError("not_found", "Email draft not found");
    const { action } = await parseJson(c, decision);
    return c.json(await decideApproval({ orgId: c.var.org.id, userId: c.var.user.id, id, action }));
  });
