// email_approval rows (decision 061). Every function takes the organisation and filters by it; the
// user's answer also needs the conversation to be theirs.
import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { db } from "../db/client";
import { conversation, emailApproval } from "../db/tables";
import type { DraftAttachment, EmailApprovalStatus } from "../db/schema/email-approvals";
import { AppError } from "../errors";

export type ApprovalRow = typeof emailApproval.$inferSelect;

export async function createApproval(input: {
  orgId: string;
  conversationId: string;
  toolCallId: string;
  recipients: string[];
  subject: string;
  html: string;
  attachments: DraftAttachment[];
}): Promise<string> {
  const id = randomUUID();
  const { orgId, ...rest } = input;
  await db()
    .insert(emailApproval)
    .values({ id, organizationId: orgId, ...rest });
  return id;
}

export async function approvalStatus({
  orgId,
  id,
}: {
  orgId: string;
  id: string;
}): Promise<EmailApprovalStatus | null> {
  const [row] = await db()
    .select({ status: emailApproval.status })
    .from(emailApproval)
    .where(and(eq(emailApproval.organizationId, orgId), eq(emailApproval.id, id)));
  return row?.status ?? null;
}

/** Moves the row from one status to the next; false when it was no longer in `from` (someone else moved it). */
export async function moveApproval(opts: {
  orgId: string;
  id: string;
  from: EmailApprovalStatus;
  to: EmailApprovalStatus;
}): Promise<boolean> {
  const rows = await db()
    .update(emailApproval)
    .set({ status: opts.to, decidedAt: sql`coalesce(${emailApproval.decidedAt}, now())` })
    .where(
      and(
        eq(emailApproval.organizationId, opts.orgId),
        eq(emailApproval.id, opts.id),
        eq(emailApproval.status, opts.from),
      ),
    )
    .returning({ id: emailApproval.id });
  return rows.length > 0;
}

/** The conversations of the organisation that `userId` owns, as a subquery. */
const ownConversations = (orgId: string, userId: string) =>
  db()
    .select({ id: conversation.id })
    .from(conversation)
    .where(and(eq(conversation.organizationId, orgId), eq(conversation.userId, userId)));

/** The newest draft of this tool call still waiting for its owner; null when there is none. */
export async function pendingDraft(opts: { orgId: string; userId: string; toolCallId: string }) {
  const [row] = await db()
    .select({
      id: emailApproval.id,
      toolCallId: emailApproval.toolCallId,
      to: emailApproval.recipients,
      subject: emailApproval.subject,
      html: emailApproval.html,
      attachments: emailApproval.attachments,
      createdAt: emailApproval.createdAt,
    })
    .from(emailApproval)
    .where(
      and(
        eq(emailApproval.organizationId, opts.orgId),
        eq(emailApproval.toolCallId, opts.toolCallId),
        eq(emailApproval.status, "pending"),
        inArray(emailApproval.conversationId, ownConversations(opts.orgId, opts.userId)),
      ),
    )
    .orderBy(desc(emailApproval.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * The owner's Send (→ approved) or Cancel (→ cancelled). Another user's or organisation's draft is a
 * 404, as a missing one; a draft already answered, sent or expired is a 409.
 */
export async function decideApproval(opts: {
  orgId: string;
  userId: string;
  id: string;
  action: "send" | "cancel";
}): Promise<{ status: EmailApprovalStatus }> {
  const mine = and(
    eq(emailApproval.organizationId, opts.orgId),
    eq(emailApproval.id, opts.id),
    inArray(emailApproval.conversationId, ownConversations(opts.orgId, opts.userId)),
  );
  const to: EmailApprovalStatus = opts.action === "send" ? "approved" : "cancelled";
  const [moved] = await db()
    .update(emailApproval)
    .set({ status: to, decidedAt: sql`now()` })
    .where(and(mine, eq(emailApproval.status, "pending")))
    .returning({ status: emailApproval.status });
  if (moved) return { status: moved.status };
  const [existing] = await db().select({ status: emailApproval.status }).from(emailApproval).where(mine);
  if (!existing) throw new AppError("not_found", "Email draft not found");
  throw new AppError("conflict", "This email is no longer waiting for an answer");
}
