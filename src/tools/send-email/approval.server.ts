// "Ask before sending" (decision 061): the draft is stored, the chat shows it with Send / Cancel, and the
// tool call waits here for the owner's answer. The answer may land on any replica, so this polls the
// row; a stopped reply or a draft left unanswered too long ends as expired, never as a late send.
import { approvalStatus, createApproval, moveApproval } from "../../server/email-approvals/queries";
import type { EmailApprovalStatus } from "../../server/db/schema/email-approvals";
import type { ToolContext } from "../executor.server";
import type { ResolvedAttachment } from "./attachments.server";

/** How long a draft waits and how often its row is read (mutable for tests). */
export const APPROVAL_LIMITS = { waitMs: 15 * 60_000, pollMs: 500 };

export type Answer = "approved" | "cancelled" | "expired";

export interface Draft {
  to: string[];
  subject: string;
  html: string;
  attachments: readonly ResolvedAttachment[];
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });

/** Stores the draft and waits for Send or Cancel; returns the answer and the row's id. */
export async function askOwner(draft: Draft, ctx: ToolContext): Promise<{ id: string; answer: Answer }> {
  const id = await createApproval({
    orgId: ctx.orgId,
    conversationId: ctx.conversationId,
    toolCallId: ctx.toolCallId,
    recipients: draft.to,
    subject: draft.subject,
    html: draft.html,
    attachments: draft.attachments.map((a) => ({ fileId: a.fileId, filename: a.filename, size: a.size })),
  });
  const deadline = Date.now() + APPROVAL_LIMITS.waitMs;
  for (;;) {
    const status: EmailApprovalStatus | null = await approvalStatus({ orgId: ctx.orgId, id });
    if (status === "approved" || status === "cancelled") return { id, answer: status };
    if (status !== "pending") return { id, answer: "expired" };
    if (ctx.abortSignal.aborted || Date.now() >= deadline) {
      // The owner may answer in the same instant: only a row still pending expires.
      if (await moveApproval({ orgId: ctx.orgId, id, from: "pending", to: "expired" }))
        return { id, answer: "expired" };
      continue;
    }
    await sleep(Math.min(APPROVAL_LIMITS.pollMs, Math.max(0, deadline - Date.now())), ctx.abortSignal);
  }
}
