// The invitation link end to end (security #2, #10; decision 024): the app emails it through SMTP
// (a real SMTP server on loopback), the invitee opens it, creates their account and joins.
import { emailTo } from "./support/inbox";
import { PASSWORD, signedInWithOrg, signUpViaApi, uniqueEmail } from "./support/app";
import { expect, test } from "./support/fixtures";

const origin = () => new URL(String(test.info().project.use.baseURL)).origin;

test("security #10: an invitee opens the emailed link, creates their account and joins with the invited role", async ({
  page,
  browser,
}) => {
  const { org } = await signedInWithOrg(page, "Invite Org");
  const email = uniqueEmail("invitee");
  const invited = await page.request.post("/api/auth/organization/invite-member", {
    data: { email, role: "org:admin", organizationId: org.id },
    headers: { origin: origin() },
  });
  expect(invited.ok(), await invited.text()).toBeTruthy();

  const mail = await emailTo(email, /invited you to join/);
  const link = mail.text.match(/http:\/\/\S+\/invite\/\S+/)?.[0];
  expect(link).toBeTruthy();

  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(link!);
  // Not signed in: the sign-in page first, then back to the link.
  await expect(invitee).toHaveURL(/\/sign-in\?redirect=%2Finvite%2F/);
  await invitee.getByRole("button", { name: "Create account" }).click();
  await invitee.getByLabel("Name").fill("Ivy Invitee");
  await invitee.getByLabel("Email").fill(email);
  await invitee.getByLabel("Password").fill(PASSWORD);
  await invitee.getByRole("button", { name: "Create account" }).click();

  await expect(invitee.getByRole("heading", { name: `Join ${org.name}` })).toBeVisible();
  await expect(invitee.getByText(`You were invited to join ${org.name} on Switchboard as an admin.`)).toBeVisible();
  await invitee.getByRole("button", { name: "Accept invitation" }).click();

  await expect(invitee).toHaveURL(/\/dashboard$/);
  // In the organisation, as an admin: its set-up wizard greets them over the shell.
  await expect(invitee.getByRole("dialog", { name: `Set up ${org.name}` })).toBeVisible();
  const me = await (await invitee.request.get(`/api/getUser?orgId=${org.id}`)).json();
  expect(me.organizations).toMatchObject([{ id: org.id, role: "org:admin" }]);
  // The emailed link proved the address.
  const session = await (await invitee.request.get("/api/auth/get-session")).json();
  expect(session.user.emailVerified).toBe(true);
  await context.close();
});

test("security #2: signed in with another address, the invite page does not accept and offers to switch", async ({
  page,
  browser,
}) => {
  const { org } = await signedInWithOrg(page, "Guarded Org");
  const res = await page.request.post("/api/auth/organization/invite-member", {
    data: { email: uniqueEmail("someone"), role: "org:admin", organizationId: org.id },
    headers: { origin: origin() },
  });
  const invitation = (await res.json()) as { id: string; email: string };
  const { url } = (await (await page.request.get(`/api/invitations/${invitation.id}/link?orgId=${org.id}`)).json()) as {
    url: string;
  };

  const context = await browser.newContext();
  const other = await context.newPage();
  await signedInWithOrg(other, "Other Org");
  await other.goto(url);
  await expect(other.getByRole("heading", { name: `This invitation is for ${invitation.email}` })).toBeVisible();
  await expect(other.getByRole("button", { name: "Accept invitation" })).toHaveCount(0);
  await other.getByRole("button", { name: `Sign in as ${invitation.email}` }).click();
  await expect(other).toHaveURL(/\/sign-in\?redirect=%2Finvite%2F/);
  await context.close();
});

test("issue 17 #6: a verified user without an organisation sees their invitations and accepts or declines them", async ({
  page,
  browser,
}) => {
  const { org } = await signedInWithOrg(page, "Waiting Org");
  const other = await page.request.post("/api/auth/organization/create", {
    data: { name: `Declined Org ${Date.now()}`, slug: `declined-${Date.now()}` },
    headers: { origin: origin() },
  });
  const declined = (await other.json()) as { id: string; name: string };

  const context = await browser.newContext();
  const invitee = await context.newPage();
  const { email } = await signUpViaApi(invitee, "Vera Verified");
  // Not verified yet: the welcome screen says how to join instead of listing anything.
  await invitee.goto("/");
  await expect(invitee.getByText(/^Invited to an organization\? Open the link in your invitation email/)).toBeVisible();

  const verify = await emailTo(email, /Verify your email address/);
  await invitee.goto(verify.text.match(/http:\/\/\S+/)![0]);
  for (const [id, role] of [
    [org.id, "org:member"],
    [declined.id, "org:admin"],
  ]) {
    const res = await page.request.post("/api/auth/organization/invite-member", {
      data: { email, role, organizationId: id },
      headers: { origin: origin() },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }

  await invitee.goto("/");
  const invitations = invitee.getByRole("region", { name: "Invitations" });
  await expect(invitations.getByText(org.name)).toBeVisible();
  await expect(invitations.getByText("Invited as a member")).toBeVisible();
  await expect(invitations.getByText("Invited as an admin")).toBeVisible();
  await invitations.getByRole("button", { name: `Decline the invitation to ${declined.name}` }).click();
  await expect(invitee.getByText(`Declined the invitation to ${declined.name}`)).toBeVisible();
  await expect(invitations.getByText(declined.name)).toHaveCount(0);

  await invitations.getByRole("button", { name: `Accept the invitation to ${org.name}` }).click();
  await expect(invitee).toHaveURL(/\/chat$/);
  const me = await (await invitee.request.get(`/api/getUser?orgId=${org.id}`)).json();
  expect(me.organizations).toMatchObject([{ id: org.id, role: "org:member" }]);
  await context.close();
});
