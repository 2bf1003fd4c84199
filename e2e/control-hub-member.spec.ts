// A member sees every Control Hub tab read-only (ROLE-12..14) and is sent away from Advanced Settings.
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { connectionCard, connectOpenAIViaApi, hubTabs, memberOfNewOrg } from "./control-hub-support";

const READ_ONLY = "You have read-only access. Only organization admins can change these settings.";

async function expectReadOnlyFrame(page: Page) {
  await expect(page.getByText(READ_ONLY)).toBeVisible();
  await expect(page.getByText("Read-only", { exact: true })).toBeVisible();
}

async function expectAdminOnly(locator: Locator) {
  await expect(locator).toBeDisabled();
  await expect(locator).toHaveAttribute("title", "Admin access required");
}

test("[ROLE-03] [ROLE-04] [ROLE-05] [ROLE-06] [ROLE-07] [ROLE-12] [ROLE-13] [ROLE-14] a member sees providers, models, integrations and settings read-only", async ({
  page,
  browser,
}) => {
  const { member, close } = await memberOfNewOrg(page, browser);
  try {
    await connectOpenAIViaApi(page);

    await member.goto("/control-hub/providers");
    await expectReadOnlyFrame(member);
    await expectAdminOnly(connectionCard(member, "OpenAI").getByRole("button", { name: "Edit" }));
    await expectAdminOnly(connectionCard(member, "OpenAI").getByRole("button", { name: "Disconnect" }));
    await expectAdminOnly(connectionCard(member, "Anthropic").getByRole("button", { name: /^Connect/ }));

    await hubTabs(member).getByRole("link", { name: "Models" }).click();
    await expectReadOnlyFrame(member);
    await expect(member.getByLabel("Default Chat Model")).toBeDisabled();
    await expect(member.getByLabel("Default Chat Model")).toHaveAttribute("title", "Admin access required");
    await expectAdminOnly(member.getByRole("button", { name: "Save Preferences" }));
    await expectAdminOnly(member.getByRole("button", { name: "Add Instance" }));
    await expect(member.getByLabel("Deployment Name")).toBeDisabled();

    await hubTabs(member).getByRole("link", { name: "Integrations" }).click();
    await expectReadOnlyFrame(member);
    await expectAdminOnly(connectionCard(member, "PostgreSQL").getByRole("button", { name: /^Connect/ }));
    await expectAdminOnly(connectionCard(member, "Google Sheets").getByRole("button", { name: /^Connect/ }));

    await hubTabs(member).getByRole("link", { name: "Settings" }).click();
    await expectReadOnlyFrame(member);
    await expect(member.getByRole("heading", { name: "API Access" })).toBeVisible();
    await expect(member.getByRole("button", { name: "Copy API Key" })).toBeEnabled();
    await expect(member.getByLabel("Default Agent")).toBeDisabled();
    await expectAdminOnly(member.getByRole("button", { name: "Save Preferences" }));
    // SET-10: the Private Tools section renders nothing for members.
    await expect(member.getByRole("heading", { name: "Private Tools" })).toHaveCount(0);
    await expect(member.getByRole("link", { name: "Manage Private Tools" })).toHaveCount(0);
  } finally {
    await close();
  }
});

test("[SET-11] [SET-12] [ROLE-09] Advanced Settings checks permissions, then sends a member to /control-hub", async ({
  page,
  browser,
}) => {
  const { member, close } = await memberOfNewOrg(page, browser);
  try {
    await member.goto("/control-hub/settings/advanced-settings");
    await expect(member.getByText("Checking permissions...")).toBeVisible();
    await expect(member).toHaveURL(/\/control-hub$/);
    await expect(member.getByRole("switch")).toHaveCount(0);
  } finally {
    await close();
  }
});
