// The Control Hub frame: seven tabs following the path, unknown paths falling back to Agents, and the
// honest "coming soon" tabs.
import { signedInWithOrg } from "./support/app";
import { expect, test } from "./support/fixtures";
import { hubTabs } from "./control-hub-support";

const TABS: Array<[string, RegExp]> = [
  ["Agents", /\/control-hub$/],
  ["Providers", /\/control-hub\/providers$/],
  ["Models", /\/control-hub\/models$/],
  ["Knowledge Bases", /\/control-hub\/knowledge-bases$/],
  ["Tasks", /\/control-hub\/scheduled-tasks$/],
  ["Integrations", /\/control-hub\/integrations$/],
  ["Settings", /\/control-hub\/settings$/],
];

test("[ROUTE-12] [ROUTE-14] [ROUTE-15] [ROUTE-16] [ROUTE-17] [ROUTE-18] [ROUTE-19] [ROUTE-20] seven tabs, the active one follows the path", async ({ page }) => {
  await signedInWithOrg(page);
  await page.goto("/control-hub/providers");
  await expect(page.getByRole("heading", { level: 1, name: "Control Hub" })).toBeVisible();
  await expect(hubTabs(page).getByRole("link")).toHaveText(TABS.map(([label]) => label));
  for (const [label, url] of TABS) {
    await hubTabs(page).getByRole("link", { name: label }).click();
    await expect(page).toHaveURL(url);
    await expect(hubTabs(page).getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
    await expect(hubTabs(page).locator('[aria-current="page"]')).toHaveCount(1);
  }
});

test("[ROUTE-13] an unknown Control Hub path falls back to the Agents tab", async ({ page }) => {
  await signedInWithOrg(page);
  await page.goto("/control-hub/no-such-tab");
  await expect(page).toHaveURL(/\/control-hub$/);
  await expect(hubTabs(page).getByRole("link", { name: "Agents" })).toHaveAttribute("aria-current", "page");
});

test("[ROUTE-17] [ROUTE-18] Knowledge Bases and Tasks say they are coming soon instead of showing made-up data", async ({ page }) => {
  await signedInWithOrg(page);
  await page.goto("/control-hub/knowledge-bases");
  await expect(page.getByRole("heading", { name: "Knowledge Bases", exact: true })).toBeVisible();
  await expect(page.getByText("Create and manage document collections that your agents can search and reference.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Knowledge bases are coming soon" })).toBeVisible();
  await hubTabs(page).getByRole("link", { name: "Tasks" }).click();
  await expect(page.getByRole("heading", { name: "Scheduled tasks are coming soon" })).toBeVisible();
});
