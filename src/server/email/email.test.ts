// Email over SMTP, against a real SMTP server on loopback (smtp-server): what it receives is read
// back and its links followed, as the invitee and the new user would (decision 024).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startFakeSmtp, type FakeSmtp } from "../../../e2e/support/fake-smtp";
import { createApp, type App } from "../app";
import { createAuth } from "../auth/auth";
import { db } from "../db/client";
import { user } from "../db/tables";
import { getTestContext, testConfig, type TestContext } from "../test/context";
import { call, createOrg, invitationLink, linkParams, signUp, uniqueEmail, type Identity } from "../test/http";

let ctx: TestContext;
let smtp: FakeSmtp;
let app: App;

/** The app as an operator runs it with SMTP_URL and SMTP_FROM set, on the test database. */
function appWith(env: Record<string, string>) {
  const config = testConfig(env);
  const secret = ctx.services.secrets.derive("better-auth").toString("base64");
  return createApp({ config, auth: createAuth({ db: ctx.services.database.db, config, secret }) });
}

beforeAll(async () => {
  ctx = await getTestContext();
  smtp = await startFakeSmtp();
  app = appWith({ SMTP_URL: smtp.url, SMTP_FROM: "Switchboard <noreply@switchboard.test>" });
});
afterAll(async () => smtp?.close());

const session = async (who: Identity) => (await call(app, "GET", "/api/auth/get-session", { token: who.token })).body;
/** Follows a link from an email against the app (the links carry PUBLIC_URL's origin). */
const follow = (url: string, token?: string) => {
  const u = new URL(url);
  return app.request(u.pathname + u.search, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    redirect: "manual",
  });
};
const linkIn = (text: string, path: RegExp) => {
  const url = text.match(/https?:\/\/\S+/g)?.find((u) => path.test(new URL(u).pathname));
  if (!url) throw new Error(`no ${path} link in:\n${text}`);
  return url;
};
async function invite(admin: Identity, orgId: string, email: string, role = "org:admin") {
  const res = await call(app, "POST", "/api/auth/organization/invite-member", {
    token: admin.token,
    body: { email, role, organizationId: orgId },
  });
  expect(res.status, res.text).toBe(200);
  return res.body as { id: string };
}

describe("email verification", () => {
  it("security #10: sign-up sends a verification email from SMTP_FROM; its link verifies the address", async () => {
    const who = await signUp(app, "verify");
    const mail = await smtp.waitFor(who.email, /^Verify your email address for Switchboard$/);
    expect(mail.from).toBe("noreply@switchboard.test");
    expect(mail.raw).toMatch(/^From: Switchboard <noreply@switchboard\.test>/m);
    expect((await session(who)).user.emailVerified).toBe(false);

    const url = linkIn(mail.text, /^\/api\/auth\/verify-email$/);
    expect(mail.html).toContain("verify-email?token=");
    const res = await follow(url);
    expect(res.status).toBe(302);
    expect((await session(who)).user.emailVerified).toBe(true);
  });

  it("security #2: an address verified through the email may accept an invitation by its id", async () => {
    const admin = await signUp(app, "byid-admin");
    const org = await createOrg(app, admin);
    const who = await signUp(app, "byid");
    await follow(linkIn((await smtp.waitFor(who.email, /^Verify/)).text, /verify-email/));
    const inv = await invite(admin, org.id, who.email, "org:member");
    const accept = await call(app, "POST", "/api/auth/organization/accept-invitation", {
      token: who.token,
      body: { invitationId: inv.id },
    });
    expect(accept.status, accept.text).toBe(200);
    expect(accept.body.member.role).toBe("org:member");
  });
});

describe("invitation emails", () => {
  it("security #10: an invitation is emailed to the address, with the inviter, organisation and a link", async () => {
    const admin = await signUp(app, "mail-admin");
    const org = await createOrg(app, admin, "Acme Mail");
    const email = uniqueEmail("invited");
    const inv = await invite(admin, org.id, email);
    const mail = await smtp.waitFor(email, /invited you to join Acme Mail on Switchboard$/);
    expect(mail.subject).toBe(`${admin.name} invited you to join Acme Mail on Switchboard`);
    expect(mail.text).toContain(`${admin.name} invited you to join Acme Mail on Switchboard as an admin.`);
    const url = linkIn(mail.text, /^\/invite\//);
    expect(url.startsWith("http://localhost:3000/invite/")).toBe(true);
    expect(linkParams(url).invitationId).toBe(inv.id);
    expect(mail.html).toContain(`href="${url.replace(/&/g, "&amp;")}"`);
    // The mailed link is not the one admins can copy: that one cannot verify an address.
    expect(linkParams(url).token).not.toBe(linkParams(await invitationLink(app, admin, org.id, inv.id)).token);
  });

  it("security #10: signing up through the emailed link accepts the invitation and verifies the address", async () => {
    const admin = await signUp(app, "join-admin");
    const org = await createOrg(app, admin, "Join By Mail");
    const email = uniqueEmail("joiner");
    await invite(admin, org.id, email);
    const params = linkParams(linkIn((await smtp.waitFor(email, /invited you/)).text, /^\/invite\//));

    // What the invite page shows the link's holder before they have an account.
    const preview = await call(app, "GET", `/api/invitations/${params.invitationId}?token=${params.token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      id: params.invitationId,
      email,
      role: "org:admin",
      organizationName: "Join By Mail",
    });

    const res = await call(app, "POST", "/api/auth/sign-up/email", {
      body: { email, password: "correct-horse-battery", name: "Joiner" },
    });
    const joiner = {
      label: "joiner",
      userId: res.body.user.id,
      email,
      name: "Joiner",
      token: res.headers.get("set-auth-token")!,
    };
    const accept = await call(app, "POST", "/api/invitations/accept", { token: joiner.token, body: params });
    expect(accept.status, accept.text).toBe(200);
    expect(accept.body).toEqual({ organizationId: org.id, role: "org:admin", emailVerified: true });
    const me = await call(app, "GET", "/api/getUser", { token: joiner.token });
    expect(me.body.activeOrganizationId).toBe(org.id);
    expect(me.body.organizations).toMatchObject([{ id: org.id, role: "org:admin" }]);
    expect((await session(joiner)).user.emailVerified).toBe(true);
  });

  it("security #10: names in the email are escaped, and a line break cannot reach the subject's header", async () => {
    const admin = await signUp(app, "escape-admin");
    const org = await createOrg(app, admin, "Evil <b>Org</b>\r\nBcc: victim@example.com");
    const email = uniqueEmail("escaped");
    await invite(admin, org.id, email);
    const mail = await smtp.waitFor(email, /invited you/);
    expect(mail.html).toContain("Evil &lt;b&gt;Org&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>Org</b>");
    const headers = mail.raw.split(/\r?\n\r?\n/)[0]!;
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(mail.subject).toBe(
      `${admin.name} invited you to join Evil <b>Org</b> Bcc: victim@example.com on Switchboard`,
    );
    expect(smtp.messages.some((m) => m.to.includes("victim@example.com"))).toBe(false);
  });

  it("security #10: when the SMTP server is down, the invitation is still made and its link can be copied", async () => {
    const down = appWith({ SMTP_URL: "smtp://127.0.0.1:1", SMTP_FROM: "noreply@switchboard.test" });
    const admin = await signUp(down, "down-admin");
    const org = await createOrg(down, admin);
    const res = await call(down, "POST", "/api/auth/organization/invite-member", {
      token: admin.token,
      body: { email: uniqueEmail("unsent"), role: "org:member", organizationId: org.id },
    });
    expect(res.status).toBe(200);
    expect(await invitationLink(down, admin, org.id, res.body.id)).toMatch(/^http:\/\/localhost:3000\/invite\//);
  });

  it("security #10: without SMTP no email is attempted and sign-up works unverified", async () => {
    const before = smtp.messages.length;
    const who = await signUp(ctx.app, "nosmtp");
    expect((await call(ctx.app, "GET", "/api/auth/get-session", { token: who.token })).body.user.emailVerified).toBe(
      false,
    );
    const [row] = await db().select({ emailVerified: user.emailVerified }).from(user).where(eq(user.id, who.userId));
    expect(row?.emailVerified).toBe(false);
    expect(smtp.messages.length).toBe(before);
  });
});
