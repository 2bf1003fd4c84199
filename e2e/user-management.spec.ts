// User Management at /control-hub/organization (rulings; hub spec §2 "User Management", §4, §5, §8).
import { connectOpenAIViaApi, memberOfNewOrg, post } from "./control-hub-support";
import { readInbox, type ReceivedEmail } from "./support/fake-smtp";
import { PASSWORD, uniqueEmail } from "./support/app";
import { expect, test } from "./support/fixtures";

test("[USER-01] [USER-05] [USER-07] [USER-08] [USER-09] [USER-12] [USER-17] [USER-18] an admin reaches the users from Settings, edits metadata and sees pending invitations", async ({
  page,
  browser,
}) => {
  const { org, member, close } = await memberOfNewOrg(page, browser);
  await connectOpenAIViaApi(page);
  const invitee = uniqueEmail("pending-invitee");
  await post(page.request, "/api/auth/organization/invite-member", {
    email: invitee,
    role: "org:member",
    organizationId: org.id,
  });

  await page.goto("/control-hub/settings");
  await page.getByRole("link", { name: "Manage Users" }).click();
  await expect(page).toHaveURL(/\/control-hub\/organization$/);
  const list = page.getByRole("list", { name: "Users" });
  const rows = list.getByRole("listitem");
  await expect(rows).toHaveCount(3);
  // Active members first, the pending invitation last.
  await expect(rows.last()).toContainText(invitee);
  await expect(rows.last()).toContainText("Pending");
  await expect(rows.last()).toContainText("Invited just now");
  await expect(rows.last().getByRole("button", { name: /^Edit/ })).toBeDisabled();
  await expect(rows.last().getByRole("button", { name: /^Edit/ })).toHaveAttribute(
    "title",
    "Cannot edit pending invitations",
  );
  const mia = list.getByRole("listitem", { name: "Mia Member" });
  await expect(mia).toContainText("Active");
  await expect(mia).toContainText("org:member");

  // Filters.
  await page.getByLabel("Activity Status").selectOption("pending");
  await expect(rows).toHaveCount(1);
  await page.getByLabel("Activity Status").selectOption("all");
  await page.getByLabel("Role").selectOption("org:admin");
  await expect(rows).toHaveCount(1);
  await page.getByLabel("Role").selectOption("all");

  // Edit metadata: Enter adds a pair (trimmed); an emptied value is refused.
  await mia.getByRole("button", { name: "Edit Mia Member" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit User Metadata" });
  for (const [k, v] of [
    ["  team ", " Finance "],
    ["region", "EMEA"],
    ["level", "3"],
    ["site", "Berlin"],
  ]) {
    await dialog.getByLabel("New key").fill(k!);
    await dialog.getByLabel("New value").fill(v!);
    await dialog.getByLabel("New value").press("Enter");
  }
  // Trimmed on the way in.
  await expect(dialog.getByRole("textbox", { name: "team", exact: true })).toHaveValue("Finance");
  await dialog.getByRole("textbox", { name: "site" }).fill("  ");
  await expect(dialog.getByText("Value cannot be empty")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();
  await dialog.getByRole("textbox", { name: "site" }).fill("Berlin");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("User metadata updated successfully!")).toBeVisible();
  // Three entries in key order, then "+1 more" (USER-07; decision 069).
  await expect(mia).toContainText("level: 3");
  await expect(mia).toContainText("region: EMEA");
  await expect(mia).toContainText("site: Berlin");
  await expect(mia).toContainText("+1 more");
  await expect(mia).not.toContainText("team: Finance");

  // A member is sent back to the Control Hub.
  await member.goto("/control-hub/organization");
  await expect(member).toHaveURL(/\/control-hub$/);
  await close();
});

test("[ROLE-11] an admin invites from the page, the invitee joins from the emailed link and shows as Active; revoke, promote and remove", async ({
  page,
  browser,
}) => {
  // Two users in two browser contexts: about three times a one-user scenario on a busy two-core machine.
  test.slow();
  const { close } = await memberOfNewOrg(page, browser);
  await page.goto("/control-hub/organization");
  const list = page.getByRole("list", { name: "Users" });
  const form = page.getByRole("form", { name: "Invite a user" });

  // Invite: the email goes out through SMTP and the row is pending at once.
  const email = uniqueEmail("page-invitee");
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Invite" }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(list.getByRole("listitem", { name: email })).toContainText("Pending");

  // The invitee opens the emailed link, creates an account and accepts.
  let mail: ReceivedEmail | undefined;
  await expect
    .poll(() => (mail = readInbox(process.env.SB_E2E_SMTP_INBOX!).find((m) => m.to.includes(email))))
    .toBeTruthy();
  const link = mail!.text.match(/http:\/\/\S+\/invite\/\S+/)![0];
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(link);
  await invitee.getByRole("button", { name: "Create account" }).click();
  await invitee.getByLabel("Name").fill("Ina Invitee");
  await invitee.getByLabel("Email").fill(email);
  await invitee.getByLabel("Password").fill(PASSWORD);
  await invitee.getByRole("button", { name: "Create account" }).click();
  await invitee.getByRole("button", { name: "Accept invitation" }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);
  await context.close();
  await page.reload();
  await expect(list.getByRole("listitem", { name: "Ina Invitee" })).toContainText("Active");

  // Revoke asks first; the row then counts as inactive.
  const other = uniqueEmail("revoked-invitee");
  await form.getByLabel("Email").fill(other);
  await form.getByRole("button", { name: "Invite" }).click();
  const otherRow = list.getByRole("listitem", { name: other });
  await otherRow.getByRole("button", { name: `Actions for ${other}` }).click();
  await page.getByRole("menuitem", { name: "Revoke invitation" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke invitation" });
  await expect(confirm).toContainText(`Are you sure you want to revoke the invitation to ${other}?`);
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText(`Invitation to ${other} revoked`)).toBeVisible();
  await expect(otherRow).toContainText("Inactive");

  // Promote Mia, then remove her.
  const mia = list.getByRole("listitem", { name: "Mia Member" });
  await mia.getByRole("button", { name: "Actions for Mia Member" }).click();
  await page.getByRole("menuitem", { name: "Make admin" }).click();
  await expect(page.getByText("Mia Member is now org:admin")).toBeVisible();
  await expect(mia).toContainText("org:admin");
  await mia.getByRole("button", { name: "Actions for Mia Member" }).click();
  await page.getByRole("menuitem", { name: "Remove from organization" }).click();
  await page.getByRole("dialog", { name: "Remove from organization" }).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Mia Member was removed from the organization")).toBeVisible();
  await expect(mia).toHaveCount(0);
  await close();
});
