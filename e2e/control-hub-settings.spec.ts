// Settings and Advanced Settings as an admin: API key, default agent, private tools.
import { signedInWithOrg } from "./support/app";
import { expect, test } from "./support/fixtures";
import { connectOpenAIViaApi, post } from "./control-hub-support";

test("[SET-03] [SET-04] [SET-05] the API key is copied to the clipboard", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signedInWithOrg(page);
  await page.goto("/control-hub/settings");
  await expect(page.getByRole("heading", { name: "API Access" })).toBeVisible();
  await expect(page.getByText("API keys are valid for 6 months.")).toBeVisible();
  await page.getByRole("button", { name: "Copy API Key" }).click();
  await expect(page.getByText("API key copied to clipboard!")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^sb_/);

  // The key works against the API until it is revoked.
  const asKey = () =>
    page.request.get("/api/models", { headers: { authorization: `Bearer ${copied}` }, failOnStatusCode: false });
  expect((await asKey()).status()).toBe(200);
  await page.getByRole("button", { name: "Revoke API Key" }).click();
  await page.getByRole("dialog", { name: "Revoke your API key?" }).getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("API key revoked")).toBeVisible();
  expect((await asKey()).status()).toBe(401);
});

test("[SET-06] [SET-07] [SET-08] an admin picks the default agent", async ({ page }) => {
  await signedInWithOrg(page);
  await connectOpenAIViaApi(page);
  const agent = await post(page.request, "/api/agents", {
    name: "Front Desk",
    model: "openai:gpt-4o",
    integrations: [],
    mcpServers: [],
  });
  await page.goto("/control-hub/settings");
  const select = page.getByLabel("Default Agent");
  await expect(select.getByRole("option").first()).toHaveText("Select an agent...");
  await expect(select).toHaveValue("");
  await select.selectOption({ label: "Front Desk" });
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByText("Settings updated successfully!")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Default Agent")).toHaveValue(String(agent.id));
  const user = await (await page.request.get("/api/getUser")).json();
  const org = user.organizations.find((o: { id: string }) => o.id === user.activeOrganizationId);
  expect(org.settings.defaultAgentId).toBe(agent.id);

  await page.getByLabel("Default Agent").selectOption({ label: "Select an agent..." });
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByText("Settings updated successfully!").first()).toBeVisible();
  await expect
    .poll(async () => {
      const info = await (await page.request.get("/api/getUser")).json();
      return info.organizations.find((o: { id: string }) => o.id === info.activeOrganizationId).settings.defaultAgentId;
    })
    .toBeNull();
});

test("[SET-10] [SET-11] [SET-13] [SET-14] [SET-15] [ROLE-09] an admin enables a private tool in Advanced Settings", async ({
  page,
}) => {
  await signedInWithOrg(page);
  await page.goto("/control-hub/settings");
  await expect(page.getByRole("heading", { name: "Private Tools" })).toBeVisible();
  await page.getByRole("link", { name: "Manage Private Tools" }).click();
  await expect(page).toHaveURL(/\/control-hub\/settings\/advanced-settings$/);
  await expect(page.getByText("Checking permissions...")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Advanced Settings" })).toBeVisible();

  const acord = page.getByRole("switch", { name: "ACORD 25 Certificate" });
  await expect(acord).not.toBeChecked();
  await expect(
    page.getByRole("listitem").filter({ hasText: "ACORD 25 Certificate" }).getByText("File Management"),
  ).toBeVisible();
  await acord.click();
  await expect(acord).toBeChecked();
  await expect(page.getByText("Private tools settings updated successfully!")).toBeVisible();

  await page.reload();
  await expect(page.getByRole("switch", { name: "ACORD 25 Certificate" })).toBeChecked();
  await page.getByRole("link", { name: "Back to Settings" }).click();
  await expect(page.getByText("1 of 7 enabled.")).toBeVisible();
});

test("[SET-16] a private tool switch reverts when saving fails", async ({ page }) => {
  await signedInWithOrg(page);
  await page.route("**/api/admin/tools*", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "boom" }) }),
  );
  await page.goto("/control-hub/settings/advanced-settings");
  const flash = page.getByRole("switch", { name: "Flash Report" });
  await flash.click();
  await expect(page.getByText("Failed to update private tools settings")).toBeVisible();
  await expect(flash).not.toBeChecked();
});

test("[SET-09] a failed settings save toasts the server's message, else Failed to update settings.", async ({
  page,
}) => {
  await signedInWithOrg(page);
  await connectOpenAIViaApi(page);
  await post(page.request, "/api/agents", {
    name: "Receptionist",
    model: "openai:gpt-4o",
    integrations: [],
    mcpServers: [],
  });
  let failure: "message" | "network" = "message";
  await page.route("**/api/orgSettings*", (route) =>
    failure === "message"
      ? route.fulfill({
          status: 400,
          contentType: "application/json",
          body: JSON.stringify({ error: "The default agent must be one of this organization's agents" }),
        })
      : route.abort("connectionrefused"),
  );
  await page.goto("/control-hub/settings");
  await page.getByLabel("Default Agent").selectOption({ label: "Receptionist" });
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByText("The default agent must be one of this organization's agents")).toBeVisible();

  failure = "network";
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByText("Failed to update settings.")).toBeVisible();
  await expect(page.getByText("Settings updated successfully!")).toHaveCount(0);
});
