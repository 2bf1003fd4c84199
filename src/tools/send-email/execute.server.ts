// send_email: the organisation's email goes out through the server's SMTP (SMTP_URL/SMTP_FROM), the
// HTML sanitised, attachments resolved by the download rule and size-capped. With the agent's "ask
// before sending" on, the draft waits in the chat for the owner's Send or Cancel (decision 061).
import { toolMailer } from "../../server/email/tool-mailer";
import { toolError, type ToolExecutor } from "../executor.server";
import { askOwner, type Answer } from "./approval.server";
import { loadAttachments, resolveAttachments } from "./attachments.server";
import type { sendEmail } from "./definition";
import { emailSentContent } from "./result";
import { sanitizeEmailHtml } from "./sanitize.server";
import { moveApproval } from "../../server/email-approvals/queries";

export const SMTP_NOT_CONFIGURED =
  "Email is not set up on this server: the operator has to configure SMTP (SMTP_URL and SMTP_FROM).";
export const sendFailed = (n: number, reason?: string) =>
  `Failed to send email to ${n} recipient(s)${reason ? `: ${reason}` : "."}`;
export const NOT_SENT: Record<Exclude<Answer, "approved">, string> = {
  cancelled: "The user cancelled this email: it was not sent. Do not send it again unless the user asks.",
  expired: "The email was not sent: the user did not answer the draft (or stopped the reply).",
};
export const EMPTY_BODY = "The email body is empty once unsafe HTML is removed.";

export const execute: ToolExecutor<typeof sendEmail> = async (input, ctx) => {
  const mailer = toolMailer();
  if (!mailer) return toolError(SMTP_NOT_CONFIGURED);
  const to = input.to;
  const html = await sanitizeEmailHtml(input.html);
  if (!html.trim()) return toolError(EMPTY_BODY);
  const resolved = await resolveAttachments(input.attachment_file_ids ?? [], ctx);
  if ("error" in resolved) return toolError(resolved.error);

  let approvalId: string | undefined;
  if (ctx.toolConfig?.askBeforeSending === true) {
    const { id, answer } = await askOwner({ to, subject: input.subject, html, attachments: resolved.files }, ctx);
    if (answer !== "approved") return toolError(NOT_SENT[answer], { cancelled: true });
    approvalId = id;
  }
  const finish = (status: "sent" | "failed") =>
    approvalId
      ? moveApproval({ orgId: ctx.orgId, id: approvalId, from: "approved", to: status })
      : Promise.resolve(true);

  const attachments = await loadAttachments(resolved.files);
  if (!attachments) {
    await finish("failed");
    return toolError(sendFailed(to.length, "an attachment is no longer available"));
  }
  const delivery = await mailer.deliver({ to, subject: input.subject, html, attachments });
  await finish(delivery.ok ? "sent" : "failed");
  if (!delivery.ok) return toolError(sendFailed(to.length, delivery.error));
  return { status: "success", content: emailSentContent(to.length, attachments.length) };
};
