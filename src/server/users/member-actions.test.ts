// Managing people from User Management (decision 069): invite, resend, revoke, change role, remove.
// Invitation emails go to a real SMTP server on loopback; the app without SMTP answers emailSent: false.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startFakeSmtp, type FakeSmtp } from "../../../e2e/support/fake-smtp";
import { createApp, type App } from "../app";
import { createAuth } from "../auth/auth";
import { db } from "../db/client";
import { invitation } from "../db/tables";
import { getTestContext, testConfig, type TestContext } from "../test/context";
import { addMember, call, createOrg, linkParams, signUp, uniqueEmail, type Identity } from "../test/http";
import {
  ALREADY_INVITED,
  ALREADY_MEMBER,
  LAST_ADMIN_DEMOTE,
  LAST_ADMIN_REMOVE,
} from "../../shared/users/member-actions";

let ctx: TestContext;
let smtp: FakeSmtp;
let mailingApp: App;
let admin: Identity;
let memberUser: Identity;
let orgId: string;

beforeAll(async () => {
  ctx = await getTestContext();
  smtp = await startFakeSmtp();
  const config = testConfig({ SMTP_URL: smtp.url, SMTP_FROM: "Switchboard <noreply@switchboard.test>" });
  const secret = ctx.services.secrets.derive("better-auth").toString("base64");
  mailingApp = createApp({ config, auth: createAuth({ db: ctx.services.database.db, config, secret }) });
  admin = await signUp(ctx.app, "people-admin");
  memberUser = await signUp(ctx.app, "people-member");
  orgId = (await createOrg(ctx.app, admin)).id;
  await addMember(ctx.app, admin, orgId, memberUser, "org:member");
});
afterAll(async () => smtp?.close());

const as = (who: Identity, path: string, body?: unknown, app: App = ctx.app) =>
  call(app, body === undefined ? "GET" : "POST", `${path}?orgId=${orgId}`, { token: who.token, body });
const invitationRow = async (email: string) =>
  (
    (await as(admin, "/api/admin/invitations")).body.data as { id: string; emailAddress: string; status: string }[]
  ).find((i) => i.emailAddress === email);

describe("admin only", () => {
  it("[ROLE-11] [ROLE-15] a member gets 403 'Only organization admins can …' for every people action", async () => {
    const cases: [string, unknown, string][] = [
      ["/api/admin/inviteUser", { email: uniqueEmail("x"), role: "org:member" }, "invite users"],
      ["/api/admin/resendInvitation", { invitationId: "x" }, "resend invitations"],
      ["/api/admin/revokeInvitation", { invitationId: "x" }, "revoke invitations"],
      ["/api/admin/updateUserRole", { userId: memberUser.userId, role: "org:admin" }, "change roles"],
      ["/api/admin/removeUser", { userId: admin.userId }, "remove users"],
    ];
    for (const [path, body, action] of cases) {
      const res = await as(memberUser, path, body);
      expect(res.status, path).toBe(403);
      expect(res.body.error).toBe(`Only organization admins can ${action}`);
    }
  });
});

describe("invitations", () => {
  it("[API-45] [USER-21] an admin invites by email and role; it is listed as pending; no SMTP means no email", async () => {
    const email = uniqueEmail("Invitee").toUpperCase();
    const res = await as(admin, "/api/admin/inviteUser", { email: `  ${email} `, role: "org:admin" });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, email: email.toLowerCase(), emailSent: false });
    const row = await invitationRow(email.toLowerCase());
    expect(row).toMatchObject({ id: res.body.invitationId, status: "pending", role: "org:admin" });
    // The admin's copied link works for it (decision 024).
    const link = await call(ctx.app, "GET", `/api/invitations/${res.body.invitationId}/link?orgId=${orgId}`, {
      token: admin.token,
    });
    expect(link.status).toBe(200);
  });

  it("refuses a second open invitation, a current member, a bad address and an unknown role", async () => {
    const email = uniqueEmail("twice");
    expect((await as(admin, "/api/admin/inviteUser", { email, role: "org:member" })).status).toBe(200);
    const again = await as(admin, "/api/admin/inviteUser", { email, role: "org:member" });
    expect([again.status, again.body.error]).toEqual([409, ALREADY_INVITED]);
    const member = await as(admin, "/api/admin/inviteUser", { email: memberUser.email, role: "org:member" });
    expect([member.status, member.body.error]).toEqual([409, ALREADY_MEMBER]);
    const bad = await as(admin, "/api/admin/inviteUser", { email: "not-an-address", role: "org:member" });
    expect([bad.status, bad.body.error]).toEqual([400, "Enter a valid email address"]);
    const role = await as(admin, "/api/admin/inviteUser", { email: uniqueEmail("r"), role: "owner" });
    expect([role.status, role.body.error]).toEqual([400, "Role must be one of org:admin, org:member"]);
  });

  it("with SMTP the invitee gets an email whose link accepts the invitation; resend sends it again", async () => {
    const invitee = await signUp(ctx.app, "mailed-invitee");
    const sent = await as(admin, "/api/admin/inviteUser", { email: invitee.email, role: "org:member" }, mailingApp);
    expect(sent.body).toMatchObject({ success: true, emailSent: true });
    const mail = await smtp.waitFor(invitee.email, /invited you to join/);
    expect(mail.text).toContain("People-admin Tester invited you to join");

    // An expired invitation is made pending again by a resend.
    await db()
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, sent.body.invitationId));
    expect((await invitationRow(invitee.email))?.status).toBe("expired");
    const before = smtp.messages.filter((m) => m.to.includes(invitee.email)).length;
    const resent = await as(admin, "/api/admin/resendInvitation", { invitationId: sent.body.invitationId }, mailingApp);
    expect(resent.body).toMatchObject({ success: true, emailSent: true });
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(invitee.email)).length).toBe(before + 1);
    expect((await invitationRow(invitee.email))?.status).toBe("pending");

    const url = mail.text.match(/https?:\/\/\S+/g)!.find((u) => u.includes("/invite/"))!;
    const accept = await call(ctx.app, "POST", "/api/invitations/accept", {
      token: invitee.token,
      body: linkParams(url),
    });
    expect(accept.status, accept.text).toBe(200);
    const users = (await as(admin, "/api/admin/users")).body.data as { email: string; activityStatus: string }[];
    expect(users.find((u) => u.email === invitee.email)?.activityStatus).toBe("active");
  });

  it("[USER-14] a revoked invitation is listed as revoked, its link stops working, and it cannot be revoked twice", async () => {
    const email = uniqueEmail("revoked");
    const { invitationId } = (await as(admin, "/api/admin/inviteUser", { email, role: "org:member" })).body;
    const link = await call(ctx.app, "GET", `/api/invitations/${invitationId}/link?orgId=${orgId}`, {
      token: admin.token,
    });
    const res = await as(admin, "/api/admin/revokeInvitation", { invitationId });
    expect(res.body).toEqual({ success: true, invitationId, email });
    expect((await invitationRow(email))?.status).toBe("revoked");
    const { token } = linkParams(link.body.url);
    expect((await call(ctx.app, "GET", `/api/invitations/${invitationId}?token=${token}`)).status).toBe(404);
    const again = await as(admin, "/api/admin/revokeInvitation", { invitationId });
    expect([again.status, again.body.error]).toEqual([404, "Invitation not found"]);
    const resend = await as(admin, "/api/admin/resendInvitation", { invitationId });
    expect(resend.status).toBe(404);
  });
});

describe("roles and removal", () => {
  it("[ROLE-11] a promotion takes effect at once, and the last admin cannot be made a member", async () => {
    const solo = await signUp(ctx.app, "solo-admin");
    const other = await signUp(ctx.app, "promoted");
    const org = (await createOrg(ctx.app, solo)).id;
    await addMember(ctx.app, solo, org, other, "org:member");
    const post = (who: Identity, path: string, body: unknown) =>
      call(ctx.app, "POST", `${path}?orgId=${org}`, { token: who.token, body });

    const demoteSelf = await post(solo, "/api/admin/updateUserRole", { userId: solo.userId, role: "org:member" });
    expect([demoteSelf.status, demoteSelf.body.error]).toEqual([409, LAST_ADMIN_DEMOTE]);
    // The other member warms the session cache as a member first: the change must not wait for it.
    expect((await call(ctx.app, "GET", `/api/admin/users?orgId=${org}`, { token: other.token })).status).toBe(403);
    const promote = await post(solo, "/api/admin/updateUserRole", { userId: other.userId, role: "org:admin" });
    expect(promote.body).toEqual({ success: true, userId: other.userId, role: "org:admin" });
    expect((await call(ctx.app, "GET", `/api/admin/users?orgId=${org}`, { token: other.token })).status).toBe(200);
    // With two admins, one may step down.
    const stepDown = await post(solo, "/api/admin/updateUserRole", { userId: solo.userId, role: "org:member" });
    expect(stepDown.status).toBe(200);
    const unknown = await post(other, "/api/admin/updateUserRole", { userId: "nobody", role: "org:member" });
    expect([unknown.status, unknown.body.error]).toEqual([404, "User not found"]);
  });

  it("a removed member loses the organisation at once; the last admin cannot be removed", async () => {
    const owner = await signUp(ctx.app, "remover");
    const leaving = await signUp(ctx.app, "leaving");
    const org = (await createOrg(ctx.app, owner)).id;
    await addMember(ctx.app, owner, org, leaving, "org:member");
    expect((await call(ctx.app, "GET", `/api/agents?orgId=${org}`, { token: leaving.token })).status).toBe(200);

    const self = await call(ctx.app, "POST", `/api/admin/removeUser?orgId=${org}`, {
      token: owner.token,
      body: { userId: owner.userId },
    });
    expect([self.status, self.body.error]).toEqual([409, LAST_ADMIN_REMOVE]);
    const res = await call(ctx.app, "POST", `/api/admin/removeUser?orgId=${org}`, {
      token: owner.token,
      body: { userId: leaving.userId },
    });
    expect(res.body).toEqual({ success: true, userId: leaving.userId });
    expect((await call(ctx.app, "GET", `/api/agents?orgId=${org}`, { token: leaving.token })).status).toBe(404);
    const users = (await call(ctx.app, "GET", `/api/admin/users?orgId=${org}`, { token: owner.token })).body;
    expect(users.totalCount).toBe(1);
  });
});
