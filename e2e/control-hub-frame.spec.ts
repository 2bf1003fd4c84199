// The Control Hub frame: seven tabs following the path, unknown paths falling back to Agents, the
// Knowledge Bases and Tasks pages; the sub-routes agents/new, agents/{id} and organization.
import { signedInWithOrg } from "./support/app";
import { expect, test } from "./support/fixtures";
import { connectOpenAIViaApi, hubTabs, memberOfNewOrg, post } from "./control-hub-support";

const TABS: Array<[string, RegExp]> = [
  ["Agents", /\/control-hub$/],
  ["Providers", /\/control-hub\/providers$/],
  ["Models", /\/control-hub\/models$/],
  ["Knowledge Bases", /\/control-hub\/knowledge-bases$/],
  ["Tasks", /\/control-hub\/scheduled-tasks$/],
  ["Integrations", /\/control-hub\/integrations$/],
  ["Settings", /\/control-hub\/settings$/],
];

test("[ROUTE-12] [ROUTE-14] [ROUTE-15] [ROUTE-16] [ROUTE-17] [ROUTE-18] [ROUTE-19] [ROUTE-20] seven tabs, the active one follows the path", async ({
  page,
}) => {
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

test("[ROUTE-17] [ROUTE-18] Knowledge Bases shows the organisation's (none yet); Tasks shows the scheduled tasks", async ({
  page,
}) => {
  await signedInWithOrg(page);
  await page.goto("/control-hub/knowledge-bases");
  await expect(page.getByRole("heading", { name: "Knowledge Bases", exact: true })).toBeVisible();
  await expect(
    page.getByText("Create and manage document collections that your agents can search and reference."),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "No Knowledge Bases Yet" })).toBeVisible();
  await hubTabs(page).getByRole("link", { name: "Tasks" }).click();
  await expect(page.getByRole("heading", { name: "Scheduled Tasks", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Task" })).toBeVisible();
});

test("[ROUTE-25] [ROUTE-24] agents/new opens the create form and agents/{agentId} the edit form, under the Agents tab", async ({
  page,
}) => {
  await signedInWithOrg(page);
  await connectOpenAIViaApi(page);
  const agent = await post(page.request, "/api/agents", {
    name: "Routed Agent",
    model: "openai:gpt-4o",
    integrations: [],
    mcpServers: [],
  });

  await page.goto("/control-hub/agents/new");
  await expect(page.getByRole("heading", { name: "Create Agent" })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("New Agent");
  await expect(page.getByRole("button", { name: "Create Agent" })).toBeVisible();
  await expect(hubTabs(page).getByRole("link", { name: "Agents" })).toHaveAttribute("aria-current", "page");

  await page.goto(`/control-hub/agents/${agent.id}`);
  await expect(page.getByRole("heading", { name: "Edit Agent" })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Routed Agent");
  await expect(page.getByLabel("Name", { exact: true })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Save Changes" })).toBeVisible();
  await expect(hubTabs(page).getByRole("link", { name: "Agents" })).toHaveAttribute("aria-current", "page");
});

test("[ROUTE-24] [ROLE-12] a member opening agents/{agentId} gets the view form; agents/new sends them back", async ({
  page,
  browser,
}) => {
  const { member, close } = await memberOfNewOrg(page, browser);
  try {
    await connectOpenAIViaApi(page);
    const agent = await post(page.request, "/api/agents", {
      name: "Viewed Agent",
      model: "openai:gpt-4o",
      integrations: [],
      mcpServers: [],
    });
    await member.goto(`/control-hub/agents/${agent.id}`);
    await expect(member.getByRole("heading", { name: "View Agent" })).toBeVisible();
    await expect(member.getByLabel("Name", { exact: true })).toHaveValue("Viewed Agent");
    await expect(member.getByLabel("Name", { exact: true })).toBeDisabled();
    await expect(member.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
    // Issue 17 #12: read-only, yet legible (no half-opacity fade over the text).
    await expect(member.getByLabel("Name", { exact: true })).toHaveCSS("opacity", "1");
    await expect(member.getByLabel("System Prompt", { exact: true })).toHaveCSS("opacity", "1");
    // A member has no create form: agents/new sends them back to the list with the read-only notice.
    await member.goto("/control-hub/agents/new");
    await expect(member).toHaveURL(/\/control-hub$/);
    await expect(
      member.getByText("You have read-only access. Only organization admins can change these settings."),
    ).toBeVisible();
  } finally {
    await close();
  }
});

test("[ROUTE-26] organization is a Control Hub sub-route shown under the Settings tab", async ({ page }) => {
  await signedInWithOrg(page);
  await page.goto("/control-hub/organization");
  await expect(page).toHaveURL(/\/control-hub\/organization$/);
  await expect(page.getByRole("heading", { level: 1, name: "Control Hub" })).toBeVisible();
  await expect(hubTabs(page).getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "User Management", exact: true })).toBeVisible();
  await expect(page.getByRole("list", { name: "Users" })).toBeVisible();
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("issue 17 #16: the tab row shows that it scrolls, and the current tab is brought into it", async ({ page }) => {
    await signedInWithOrg(page);
    await page.goto("/control-hub");
    const tabs = hubTabs(page);
    await expect(tabs.getByRole("link", { name: "Settings" })).not.toBeInViewport();
    const more = page.getByRole("button", { name: "More tabs" });
    await expect(more).toBeVisible();
    await expect(page.getByRole("button", { name: "Earlier tabs" })).toHaveCount(0);
    await more.click();
    await expect(page.getByRole("button", { name: "Earlier tabs" })).toBeVisible();
    // Opened directly, an off-screen tab scrolls into view and the row's end has no hint.
    await page.goto("/control-hub/settings");
    await expect(tabs.getByRole("link", { name: "Settings" })).toBeInViewport();
    await expect(page.getByRole("button", { name: "More tabs" })).toHaveCount(0);
  });
});
