// Accepting an invitation proves control of the invited address (security #2, decision 024): a
// verified email, or the secret link. Here without SMTP: the admin copies the link.
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { invitation } from "../db/tables";
import { getTestContext, type TestContext } from "../test/context";
import { call, createOrg, invitationLink, linkParams, setActive, signUp, type Identity } from "../test/http";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";

let ctx: TestContext;
let f: TenancyFixture;
beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
});

async function invite(admin: Identity, orgId: string, email: string, role = "org:admin") {
  const res = await call(ctx.app, "POST", "/api/auth/organization/invite-member", {
    token: admin.token,
    body: { email, role, organizationId: orgId },
  });
  expect(res.status, res.text).toBe(200);
  return res.body as { id: string; email: string };
}
/** Signs up with a chosen address (unverified: there is no SMTP here). */
async function signUpAs(email: string): Promise<Identity> {
  const res = await call(ctx.app, "POST", "/api/auth/sign-up/email", {
    body: { email, password: "correct-horse-battery", name: "Claimant" },
  });
  expect(res.status, res.text).toBe(200);
  return {
    label: "claimant",
    userId: res.body.user.id,
    email,
    name: "Claimant",
    token: res.headers.get("set-auth-token")!,
  };
}
const rolesOf = async (who: Identity) =>
  (
    (await call(ctx.app, "GET", "/api/getUser", { token: who.token })).body.organizations as Array<{
      id: string;
      role: string;
    }>
  ).map((o) => [o.id, o.role]);
const accept = (who: Identity, body: unknown) =>
  call(ctx.app, "POST", "/api/invitations/accept", { token: who.token, body });
const statusOf = async (id: string) =>
  (await db().select({ status: invitation.status }).from(invitation).where(eq(invitation.id, id)))[0]?.status;

describe("invitation takeover", () => {
  it("security #2: an unverified account with the invited address cannot accept, reject or read the invitation by id", async () => {
    const email = `takeover-${Date.now()}@example.com`;
    const inv = await invite(f.a.admin, f.a.id, email, "org:admin");
    // The id is no secret: any member of the organisation can list it.
    const listed = await call(ctx.app, "GET", `/api/auth/organization/list-invitations?organizationId=${f.a.id}`, {
      token: f.a.member.token,
    });
    expect((listed.body as Array<{ id: string }>).map((i) => i.id)).toContain(inv.id);

    const attacker = await signUpAs(email);
    const accepted = await call(ctx.app, "POST", "/api/auth/organization/accept-invitation", {
      token: attacker.token,
      body: { invitationId: inv.id },
    });
    expect(accepted.status).toBe(403);
    expect(accepted.body.message).toMatch(/verif/i);
    const rejected = await call(ctx.app, "POST", "/api/auth/organization/reject-invitation", {
      token: attacker.token,
      body: { invitationId: inv.id },
    });
    expect(rejected.status).toBe(403);
    const read = await call(ctx.app, "GET", `/api/auth/organization/get-invitation?id=${inv.id}`, {
      token: attacker.token,
    });
    expect(read.status).toBe(403);
    expect(read.text).not.toContain(f.a.name);
    // The id alone does not open the link route either.
    expect((await accept(attacker, { invitationId: inv.id, token: inv.id })).status).toBe(404);

    expect(await rolesOf(attacker)).toEqual([]);
    expect(await statusOf(inv.id)).toBe("pending");
  });

  it("security #2: the link an admin copies accepts only for the invited address, with the invited role", async () => {
    const admin = await signUp(ctx.app, "link-admin");
    const org = await createOrg(ctx.app, admin);
    const email = `linked-${Date.now()}@example.com`;
    const inv = await invite(admin, org.id, email, "org:admin");
    const params = linkParams(await invitationLink(ctx.app, admin, org.id, inv.id));

    const stranger = await signUp(ctx.app, "stranger");
    const wrongUser = await accept(stranger, params);
    expect(wrongUser.status).toBe(403);
    expect(wrongUser.body.error).toBe("This invitation was sent to another email address");

    const invitee = await signUpAs(email);
    const forged = params.token.slice(0, -2) + (params.token.endsWith("AA") ? "BB" : "AA");
    expect((await accept(invitee, { ...params, token: forged })).status).toBe(404);
    expect((await accept(invitee, { ...params, token: "m" + params.token.slice(1) })).status).toBe(404);
    expect(await rolesOf(invitee)).toEqual([]);

    const ok = await accept(invitee, params);
    expect(ok.status, ok.text).toBe(200);
    // A copied link says nothing about who reads the mailbox: the address stays unverified.
    expect(ok.body).toEqual({ organizationId: org.id, role: "org:admin", emailVerified: false });
    expect(await rolesOf(invitee)).toEqual([[org.id, "org:admin"]]);
    expect((await call(ctx.app, "GET", "/api/getUser", { token: invitee.token })).body.activeOrganizationId).toBe(
      org.id,
    );
    expect(await statusOf(inv.id)).toBe("accepted");
    // Following the link again is harmless.
    expect((await accept(invitee, params)).status).toBe(200);
  });

  it("security #2: a canceled or expired invitation's link no longer accepts", async () => {
    const admin = await signUp(ctx.app, "stale-admin");
    const org = await createOrg(ctx.app, admin);
    const canceledEmail = `canceled-${Date.now()}@example.com`;
    const canceled = await invite(admin, org.id, canceledEmail);
    const canceledLink = linkParams(await invitationLink(ctx.app, admin, org.id, canceled.id));
    const cancel = await call(ctx.app, "POST", "/api/auth/organization/cancel-invitation", {
      token: admin.token,
      body: { invitationId: canceled.id },
    });
    expect(cancel.status).toBe(200);
    const late = await accept(await signUpAs(canceledEmail), canceledLink);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe("This invitation is no longer valid");
    expect(
      (await call(ctx.app, "GET", `/api/invitations/${canceled.id}/link?orgId=${org.id}`, { token: admin.token }))
        .status,
    ).toBe(404);

    const expiredEmail = `expired-${Date.now()}@example.com`;
    const expired = await invite(admin, org.id, expiredEmail);
    const expiredLink = linkParams(await invitationLink(ctx.app, admin, org.id, expired.id));
    await db()
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, expired.id));
    const tooLate = await accept(await signUpAs(expiredEmail), expiredLink);
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.error).toBe("This invitation has expired");
  });

  it("security #2: only the organisation's admins get an invitation's link; another organisation gets 404", async () => {
    const inv = await invite(f.a.admin, f.a.id, `guarded-${Date.now()}@example.com`);
    const path = `/api/invitations/${inv.id}/link?orgId=${f.a.id}`;
    const asMember = await call(ctx.app, "GET", path, { token: f.a.member.token });
    expect(asMember.status).toBe(403);
    expect(asMember.body.error).toBe("Only organization admins can share invitation links");
    // B's admin, in B, naming A's invitation.
    await setActive(ctx.app, f.b.admin, f.b.id);
    const crossOrg = await call(ctx.app, "GET", `/api/invitations/${inv.id}/link?orgId=${f.b.id}`, {
      token: f.b.admin.token,
    });
    expect(crossOrg.status).toBe(404);
    expect(crossOrg.text).not.toContain("token=");
    expect((await call(ctx.app, "GET", path, { token: f.b.admin.token })).status).toBe(404);
    expect(
      (
        await call(ctx.app, "GET", `/api/invitations/no-such-invitation/link?orgId=${f.a.id}`, {
          token: f.a.admin.token,
        })
      ).status,
    ).toBe(404);
    expect((await call(ctx.app, "GET", path)).status).toBe(401);
  });

  it("security #2: the invite page's preview answers only to the link's token", async () => {
    const email = `preview-${Date.now()}@example.com`;
    const inv = await invite(f.a.admin, f.a.id, email, "org:member");
    const { token } = linkParams(await invitationLink(ctx.app, f.a.admin, f.a.id, inv.id));
    const other = await invite(f.a.admin, f.a.id, `other-${Date.now()}@example.com`);
    const otherToken = linkParams(await invitationLink(ctx.app, f.a.admin, f.a.id, other.id)).token;

    const ok = await call(ctx.app, "GET", `/api/invitations/${inv.id}?token=${token}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ id: inv.id, email, role: "org:member", organizationName: f.a.name });
    for (const bad of ["", otherToken, inv.id]) {
      const res = await call(ctx.app, "GET", `/api/invitations/${inv.id}?token=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain(f.a.name);
    }
  });

  it("security #2: an API key cannot accept an invitation for its user", async () => {
    const email = `apikey-${Date.now()}@example.com`;
    const inv = await invite(f.a.admin, f.a.id, email, "org:member");
    const params = linkParams(await invitationLink(ctx.app, f.a.admin, f.a.id, inv.id));
    const who = await signUpAs(email);
    const own = await createOrg(ctx.app, who);
    const key = (await call(ctx.app, "GET", `/api/getAPIKey?orgId=${own.id}`, { token: who.token })).body
      .apiKey as string;
    const res = await call(ctx.app, "POST", "/api/invitations/accept", { token: key, body: params });
    expect(res.status).toBe(403);
    expect(await statusOf(inv.id)).toBe("pending");
  });

  it("security #2: a malformed accept request is a 400 with the field's message", async () => {
    const res = await accept(f.outsider, { invitationId: "" });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invitationId is required");
  });
});
