// "Ask before sending" (decision 061): the draft waits in the database; only the conversation's owner
// sees it and answers it through /api/email-approvals; Send delivers what was shown, Cancel reaches
// the model as cancelled, silence and Stop expire it. The SMTP server is real and on loopback.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FakeSmtp } from "../../../e2e/support/fake-smtp";
import { setToolMailer } from "../../server/email/tool-mailer";
import { getTestContext, type TestContext } from "../../server/test/context";
import { call, type Identity } from "../../server/test/http";
import { createTenancyFixture, type TenancyFixture } from "../../server/test/tenancy-fixture";
import { statusLine } from "../../client/features/chat/messages/tool-status";
import type { ToolContext } from "../executor.server";
import { APPROVAL_LIMITS } from "./approval.server";
import { sendEmail } from "./definition";
import { NOT_SENT, execute } from "./execute.server";
import { newConversation, startSmtpMailer, toolCtx, upload } from "./test-support.server";

let ctx: TestContext;
let f: TenancyFixture;
let smtp: FakeSmtp;
const limits = { ...APPROVAL_LIMITS };

beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
  smtp = await startSmtpMailer();
  APPROVAL_LIMITS.pollMs = 20;
});
afterEach(() => Object.assign(APPROVAL_LIMITS, limits, { pollMs: 20 }));
afterAll(async () => {
  Object.assign(APPROVAL_LIMITS, limits);
  setToolMailer(null);
  await smtp?.close();
});

const draftOf = (who: Identity, orgId: string, toolCallId: string) =>
  call(ctx.app, "GET", `/api/email-approvals?orgId=${orgId}&toolCallId=${encodeURIComponent(toolCallId)}`, {
    token: who.token,
  });
const answer = (who: Identity, orgId: string, id: string, action: string) =>
  call(ctx.app, "POST", `/api/email-approvals/${id}?orgId=${orgId}`, { token: who.token, body: { action } });

/** Starts the tool call as the member's chat would, and waits until its draft is stored. */
async function startDraft(args: Record<string, unknown>, opts: { signal?: AbortSignal } = {}) {
  const conversationId = await newConversation(f.a.id, f.a.member.userId);
  const c: ToolContext = toolCtx(f.a.id, f.a.member, { conversationId, ask: true, signal: opts.signal });
  const result = execute(sendEmail.input.parse(args), c) as Promise<Record<string, any>>;
  for (let i = 0; i < 200; i++) {
    const res = await draftOf(f.a.member, f.a.id, c.toolCallId);
    if (res.body.draft) return { result, toolCallId: c.toolCallId, draft: res.body.draft };
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("the draft was never stored");
}

describe("send_email with ask before sending", () => {
  it("the draft waits, shows sanitised HTML and attachment names, and Send delivers exactly it", async () => {
    const file = await upload(ctx.app, f.a.member, f.a.id, "notes.txt", "text/plain", new TextEncoder().encode("n"));
    const before = smtp.messages.length;
    const { result, toolCallId, draft } = await startDraft({
      to: ["approve@example.com"],
      subject: "Draft for approval",
      html: "<p>Hi</p><script>x()</script>",
      attachment_file_ids: [file],
    });
    expect(draft).toMatchObject({
      toolCallId,
      to: ["approve@example.com"],
      subject: "Draft for approval",
      html: "<p>Hi</p>",
      attachments: [{ fileId: file, filename: "notes.txt", size: 1 }],
    });
    // Nothing left while it waits.
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.messages.length).toBe(before);

    const sent = await answer(f.a.member, f.a.id, draft.id, "send");
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toEqual({ status: "approved" });
    expect(await result).toEqual({ status: "success", content: "Email sent to 1 recipient(s) with 1 attachment(s)." });
    const mail = await smtp.waitFor("approve@example.com", /^Draft for approval$/);
    expect(mail.html).toContain("<p>Hi</p>");
    expect(mail.attachments.map((a) => a.filename)).toEqual(["notes.txt"]);
    // Answered once: the draft is gone from the chat and a second answer is a conflict.
    expect((await draftOf(f.a.member, f.a.id, toolCallId)).body.draft).toBeNull();
    expect((await answer(f.a.member, f.a.id, draft.id, "cancel")).status).toBe(409);
  });

  it("Cancel reaches the model as cancelled and nothing is sent; the card does not call it a failure", async () => {
    const before = smtp.messages.length;
    const { result, draft } = await startDraft({ to: ["nope@example.com"], subject: "Cancelled", html: "<p>x</p>" });
    expect((await answer(f.a.member, f.a.id, draft.id, "cancel")).body).toEqual({ status: "cancelled" });
    const res = await result;
    expect(res).toEqual({ status: "error", error: NOT_SENT.cancelled, cancelled: true });
    expect(statusLine("send_email", { to: ["nope@example.com"] }, "error", res)).toBe(
      "Email to 1 recipient(s) not sent",
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.messages.length).toBe(before);
  });

  it("tenancy: only the conversation's owner sees and answers the draft — not an admin, not another organisation", async () => {
    const { result, toolCallId, draft } = await startDraft({
      to: ["owner@example.com"],
      subject: "Mine",
      html: "<p>x</p>",
    });
    expect((await draftOf(f.a.admin, f.a.id, toolCallId)).body.draft).toBeNull();
    expect((await answer(f.a.admin, f.a.id, draft.id, "send")).status).toBe(404);
    expect((await draftOf(f.b.admin, f.b.id, toolCallId)).body.draft).toBeNull();
    expect((await answer(f.b.admin, f.b.id, draft.id, "send")).status).toBe(404);
    // B's admin naming A's organisation is not a member of it.
    expect((await answer(f.b.admin, f.a.id, draft.id, "send")).status).toBe(404);
    expect((await answer(f.a.member, f.a.id, "not-a-uuid", "send")).status).toBe(404);
    expect((await answer(f.a.member, f.a.id, draft.id, "maybe")).status).toBe(400);
    expect((await draftOf(f.a.member, f.a.id, "")).status).toBe(400);
    // Still pending after all that: the owner decides.
    expect((await answer(f.a.member, f.a.id, draft.id, "cancel")).status).toBe(200);
    expect((await result).cancelled).toBe(true);
  });

  it("a draft nobody answers expires, and a stopped reply expires its draft; neither sends", async () => {
    const before = smtp.messages.length;
    APPROVAL_LIMITS.waitMs = 300;
    const { result, draft } = await startDraft({ to: ["late@example.com"], subject: "Late", html: "<p>x</p>" });
    expect(await result).toEqual({ status: "error", error: NOT_SENT.expired, cancelled: true });
    expect((await answer(f.a.member, f.a.id, draft.id, "send")).status).toBe(409);

    APPROVAL_LIMITS.waitMs = 60_000;
    const stop = new AbortController();
    const stopped = await startDraft(
      { to: ["stop@example.com"], subject: "Stopped", html: "<p>x</p>" },
      { signal: stop.signal },
    );
    stop.abort();
    expect(await stopped.result).toEqual({ status: "error", error: NOT_SENT.expired, cancelled: true });
    expect((await answer(f.a.member, f.a.id, stopped.draft.id, "send")).status).toBe(409);
    expect(smtp.messages.length).toBe(before);
  });

  it("without the setting the email leaves at once and no draft is stored", async () => {
    const c = toolCtx(f.a.id, f.a.member, { conversationId: await newConversation(f.a.id, f.a.member.userId) });
    const res = await execute(sendEmail.input.parse({ to: ["now@example.com"], subject: "Now", html: "<p>x</p>" }), c);
    expect(res.status).toBe("success");
    expect((await draftOf(f.a.member, f.a.id, c.toolCallId)).body.draft).toBeNull();
  });
});
