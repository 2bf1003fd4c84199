// send_email against a real SMTP server on loopback (e2e/support/fake-smtp.ts): what it receives is
// read back — sender, recipients, subject, sanitised HTML, attachments — and every way a call must fail.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FakeSmtp } from "../../../e2e/support/fake-smtp";
import { createMailer } from "../../server/email/mailer";
import { setToolMailer } from "../../server/email/tool-mailer";
import { getTestContext, type TestContext } from "../../server/test/context";
import { createTenancyFixture, type TenancyFixture } from "../../server/test/tenancy-fixture";
import { statusLine } from "../../client/features/chat/messages/tool-status";
import { EMAIL_LIMITS, attachmentNotFound, attachmentsTooLarge } from "./attachments.server";
import { EMAIL_BOUNDS, sendEmail } from "./definition";
import { EMPTY_BODY, SMTP_NOT_CONFIGURED, execute } from "./execute.server";
import { startSmtpMailer, toolCtx, upload } from "./test-support.server";

let ctx: TestContext;
let f: TenancyFixture;
let smtp: FakeSmtp;
const limits = { ...EMAIL_LIMITS };
const subject = () => `Report ${Math.random().toString(36).slice(2, 8)}`;
const pdf = new TextEncoder().encode("%PDF-1.4 quarterly numbers");
const csv = new TextEncoder().encode("region,total\nnorth,12\n");

beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
  smtp = await startSmtpMailer();
});
afterEach(() => Object.assign(EMAIL_LIMITS, limits));
afterAll(async () => {
  setToolMailer(null);
  await smtp?.close();
});

const send = (args: Record<string, unknown>, c = toolCtx(f.a.id, f.a.member)) =>
  execute(sendEmail.input.parse(args), c) as Promise<Record<string, any>>;

describe("send_email", () => {
  it("[TOOL-30] [TOOL-31] delivers to every recipient from SMTP_FROM; the answer counts them", async () => {
    const s = subject();
    const res = await send({
      to: ["ann@example.com", "bob@example.org"],
      subject: s,
      html: "<p>Hello <b>team</b></p>",
    });
    expect(res).toEqual({ status: "success", content: "Email sent to 2 recipient(s)." });
    const mail = await smtp.waitFor("ann@example.com", new RegExp(`^${s}$`));
    expect(mail.to).toEqual(["ann@example.com", "bob@example.org"]);
    expect(mail.from).toBe("noreply@switchboard.test");
    expect(mail.raw).toMatch(/^From: Switchboard <noreply@switchboard\.test>/m);
    expect(mail.raw).toMatch(/^To: ann@example\.com, bob@example\.org/m);
    expect(mail.html).toContain("<p>Hello <b>team</b></p>");
    expect(mail.attachments).toEqual([]);
    expect(statusLine("send_email", { to: ["a@x.io", "b@x.io"] }, "success", res)).toBe("Email sent to 2 recipient(s)");
  });

  it("[TOOL-30] the HTML is sanitised: scripts, handlers, frames and javascript: links never leave", async () => {
    const s = subject();
    await send({
      to: ["clean@example.com"],
      subject: s,
      html:
        '<h1 style="color:red">Hi</h1><script>steal()</script><img src="https://cdn.example.com/a.png" onerror="x()">' +
        '<a href="javascript:alert(1)">bad</a><a href="https://example.com">good</a><iframe src="https://evil"></iframe>' +
        '<table border="1"><tr><td colspan="2">cell</td></tr></table>',
    });
    const { html } = await smtp.waitFor("clean@example.com", new RegExp(`^${s}$`));
    expect(html).toContain('<h1 style="color:red">Hi</h1>');
    expect(html).toContain('<img src="https://cdn.example.com/a.png" />');
    expect(html).toContain('<a href="https://example.com">good</a>');
    expect(html).toContain('<td colspan="2">cell</td>');
    for (const gone of ["script", "steal", "onerror", "javascript:", "iframe", "evil"])
      expect(html).not.toContain(gone);
    expect(await send({ to: ["x@example.com"], subject: s, html: "<script>only()</script>" })).toEqual({
      status: "error",
      error: EMPTY_BODY,
    });
  });

  it("[TOOL-30] [TOOL-31] attaches the caller's uploads, bytes intact, and says how many", async () => {
    const a = await upload(ctx.app, f.a.member, f.a.id, "q3.pdf", "application/pdf", pdf);
    const b = await upload(ctx.app, f.a.member, f.a.id, "totals.csv", "text/csv", csv);
    const s = subject();
    const res = await send({
      to: ["cfo@example.com"],
      subject: s,
      html: "<p>Attached</p>",
      attachment_file_ids: [a, b],
    });
    expect(res).toEqual({ status: "success", content: "Email sent to 1 recipient(s) with 2 attachment(s)." });
    const mail = await smtp.waitFor("cfo@example.com", new RegExp(`^${s}$`));
    expect(mail.attachments.map((x) => [x.filename, x.contentType])).toEqual([
      ["q3.pdf", "application/pdf"],
      ["totals.csv", "text/csv"],
    ]);
    expect(Buffer.from(mail.attachments[0]!.base64, "base64")).toEqual(Buffer.from(pdf));
    expect(Buffer.from(mail.attachments[1]!.base64, "base64").toString()).toBe("region,total\nnorth,12\n");
  });

  it("tenancy: attachments follow the download rule — another member's upload only for admins, another organisation's never", async () => {
    const mine = await upload(ctx.app, f.a.member, f.a.id, "mine.pdf", "application/pdf", pdf);
    const admins = await upload(ctx.app, f.a.admin, f.a.id, "admin.pdf", "application/pdf", pdf);
    const foreign = await upload(ctx.app, f.b.admin, f.b.id, "b.pdf", "application/pdf", pdf);
    const before = smtp.messages.length;
    const args = (id: string) => ({
      to: ["t@example.com"],
      subject: subject(),
      html: "<p>x</p>",
      attachment_file_ids: [id],
    });
    // A member cannot mail the admin's upload; the admin can mail the member's.
    expect(await send(args(admins))).toEqual({ status: "error", error: attachmentNotFound(admins) });
    expect((await send(args(mine), toolCtx(f.a.id, f.a.admin, { isAdmin: true }))).status).toBe("success");
    // Organisation B's file is not found for A's admin, nor is an unknown id or a non-id.
    for (const id of [foreign, "7d1f0a52-59b4-4a8e-9d8c-0f3f3c1b2a10", "../../etc/passwd"])
      expect(await send(args(id), toolCtx(f.a.id, f.a.admin, { isAdmin: true }))).toEqual({
        status: "error",
        error: attachmentNotFound(id),
      });
    expect(smtp.messages.length).toBe(before + 1);
  });

  it("attachments are capped in total size", async () => {
    const a = await upload(ctx.app, f.a.member, f.a.id, "a.pdf", "application/pdf", pdf);
    const b = await upload(ctx.app, f.a.member, f.a.id, "b.csv", "text/csv", csv);
    EMAIL_LIMITS.maxAttachmentBytes = pdf.byteLength + csv.byteLength - 1;
    const before = smtp.messages.length;
    const res = await send({ to: ["t@example.com"], subject: "s", html: "<p>x</p>", attachment_file_ids: [a, b] });
    expect(res).toEqual({ status: "error", error: attachmentsTooLarge(pdf.byteLength + csv.byteLength) });
    EMAIL_LIMITS.maxAttachmentBytes = pdf.byteLength + csv.byteLength;
    expect(
      (await send({ to: ["t@example.com"], subject: "s", html: "<p>x</p>", attachment_file_ids: [a, b] })).status,
    ).toBe("success");
    expect(smtp.messages.length).toBe(before + 1);
  });

  it("[TOOL-30] arguments at their bounds: 1 to 50 valid recipients, a subject up to 300 characters, up to 10 attachments", () => {
    const ok = { to: ["a@example.com"], subject: "s", html: "<p>x</p>" };
    const parse = (over: Record<string, unknown>) => sendEmail.input.safeParse({ ...ok, ...over }).success;
    const many = (n: number) => Array.from({ length: n }, (_, i) => `u${i}@example.com`);
    expect(parse({})).toBe(true);
    expect(parse({ to: many(EMAIL_BOUNDS.maxRecipients) })).toBe(true);
    expect(parse({ to: many(EMAIL_BOUNDS.maxRecipients + 1) })).toBe(false);
    expect(parse({ to: [] })).toBe(false);
    expect(parse({ to: ["not-an-address"] })).toBe(false);
    expect(parse({ to: ["a@example.com\r\nBcc: x@evil.com"] })).toBe(false);
    expect(parse({ subject: "x".repeat(300) })).toBe(true);
    expect(parse({ subject: "x".repeat(301) })).toBe(false);
    expect(parse({ subject: "  " })).toBe(false);
    expect(parse({ html: " " })).toBe(false);
    expect(parse({ html: "x".repeat(EMAIL_BOUNDS.maxHtml + 1) })).toBe(false);
    expect(parse({ attachment_file_ids: many(10) })).toBe(true);
    expect(parse({ attachment_file_ids: many(11) })).toBe(false);
  });

  it("a subject with line breaks stays one header line", async () => {
    const res = await send({ to: ["hdr@example.com"], subject: "Line one\r\nBcc: evil@example.com", html: "<p>x</p>" });
    expect(res.status).toBe("success");
    const mail = await smtp.waitFor("hdr@example.com", /^Line one Bcc: evil@example\.com$/);
    expect(mail.to).toEqual(["hdr@example.com"]);
  });

  it("[TOOLCARD-35] an SMTP server that refuses the message fails with Failed to send email to {n} recipient(s)", async () => {
    setToolMailer(createMailer({ url: smtp.url.replace(/:[^:@/]+@/, ":wrong-password@"), from: "x@switchboard.test" }));
    try {
      const res = await send({ to: ["a@example.com", "b@example.com"], subject: "s", html: "<p>x</p>" });
      expect(res.status).toBe("error");
      expect(res.error).toMatch(/^Failed to send email to 2 recipient\(s\): .*Invalid username or password/);
      expect(res.error).not.toContain("wrong-password");
      expect(statusLine("send_email", { to: ["a@example.com", "b@example.com"] }, "error", res)).toBe(
        "Failed to send email to 2 recipient(s)",
      );
    } finally {
      setToolMailer(createMailer({ url: smtp.url, from: "Switchboard <noreply@switchboard.test>" }));
    }
  });

  it("a server without SMTP says so instead of pretending to send", async () => {
    setToolMailer(null);
    try {
      expect(await send({ to: ["a@example.com"], subject: "s", html: "<p>x</p>" })).toEqual({
        status: "error",
        error: SMTP_NOT_CONFIGURED,
      });
    } finally {
      setToolMailer(createMailer({ url: smtp.url, from: "Switchboard <noreply@switchboard.test>" }));
    }
  });
});
