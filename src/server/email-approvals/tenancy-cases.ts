// send_email drafts (decision 061): a draft is seen and answered only by its conversation's owner, in
// the conversation's organisation.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { TenancyCases } from "../test/tenancy-types";
import type { TestContext } from "../test/context";
import type { OrgFixture } from "../test/tenancy-fixture";
import { createAgent } from "../test/seed";
import { db } from "../db/client";
import { conversation } from "../db/tables";
import { approvalStatus, createApproval } from "./queries";

const drafts: Record<string, { id: string; toolCallId: string }> = {};

/** A pending draft in a conversation of A's admin, with a subject only it contains. */
async function seedDraft(ctx: TestContext, a: OrgFixture, label: string) {
  const agent = await createAgent(ctx.app, a.admin, a.id, { name: `Tenant A mail ${label}` });
  const conversationId = randomUUID();
  await db()
    .insert(conversation)
    .values({ id: conversationId, organizationId: a.id, userId: a.admin.userId, agentId: agent.id });
  const toolCallId = `tenant-a-call-${label}`;
  const subject = `tenant-a-draft-${label}-subject`;
  const id = await createApproval({
    orgId: a.id,
    conversationId,
    toolCallId,
    recipients: ["someone@example.com"],
    subject,
    html: "<p>hello</p>",
    attachments: [],
  });
  drafts[label] = { id, toolCallId };
  return [subject];
}

const read = (orgId: string | null, label: string) => ({
  method: "GET",
  path: `/api/email-approvals?${orgId ? `orgId=${orgId}&` : ""}toolCallId=${drafts[label]!.toolCallId}`,
});

export const emailApprovalTenancyCases: TenancyCases = {
  "GET /api/email-approvals": {
    seed: (ctx, a) => seedDraft(ctx, a, "read"),
    attacks: (f) => [read(f.a.id, "read"), read(null, "read"), read(f.b.id, "read")],
    control: (f) => read(f.a.id, "read"),
    sameOrg: {
      seed: (ctx, a) => seedDraft(ctx, a, "own"),
      attacks: (f) => [read(f.a.id, "own"), read(null, "own")],
      control: (f) => read(f.a.id, "own"),
    },
  },
  "POST /api/email-approvals/:id": {
    seed: (ctx, a) => seedDraft(ctx, a, "answer"),
    attacks: (f) =>
      ["send", "cancel"].flatMap((action) => [
        { method: "POST", path: `/api/email-approvals/${drafts.answer!.id}?orgId=${f.a.id}`, body: { action } },
        { method: "POST", path: `/api/email-approvals/${drafts.answer!.id}`, body: { action } },
      ]),
    intact: async (_ctx, f) => {
      expect(await approvalStatus({ orgId: f.a.id, id: drafts.answer!.id })).toBe("pending");
    },
  },
};
