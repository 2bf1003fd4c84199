// User Management at /control-hub/organization (rulings; hub spec §2 "User Management", §4, §5, §8).
import { connectOpenAIViaApi, memberOfNewOrg, post } from "./control-hub-support";
import { uniqueEmail } from "./support/app";
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
