// Decision 092: an admin adds the organisation's own Perplexity key in Control Hub → Integrations, and the
// agent form stops marking Ask the Web "Not configured" (the e2e server has no operator key for it).
import type { Page } from "@playwright/test";
import { connectionCard, connectOpenAIViaApi, hubTabs } from "./control-hub-support";
import { signedInWithOrg } from "./support/app";
import { expect, test } from "./support/fixtures";

const toolRow = (page: Page, tool: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("checkbox", { name: tool, exact: true }) });
const notConfigured = (page: Page, tool: string) => toolRow(page, tool).getByText("Not configured", { exact: true });

async function openNewAgentForm(page: Page) {
  await hubTabs(page).getByRole("link", { name: "Agents" }).click();
  await page.getByRole("link", { name: "New Agent", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Create Agent" })).toBeVisible();
}

test("an admin adds the organisation's Perplexity key in Integrations and Ask the Web is no longer marked Not configured", async ({
  page,
}) => {
  await signedInWithOrg(page);
  await connectOpenAIViaApi(page);
  await page.goto("/control-hub");
  await openNewAgentForm(page);
  await expect(notConfigured(page, "Ask the Web")).toBeVisible();
  await expect(toolRow(page, "Ask the Web").getByText(/^No Perplexity key yet: an admin can add one/)).toBeVisible();
  await expect(notConfigured(page, "Deep Research")).toBeVisible();

  await hubTabs(page).getByRole("link", { name: "Integrations" }).click();
  await expect(page.getByRole("heading", { name: "Web Research Services" })).toBeVisible();
  const card = connectionCard(page, "Perplexity");
  await card.getByRole("button", { name: "Connect Perplexity" }).click();
  const dialog = page.getByRole("dialog", { name: "Connect Perplexity" });
  const key = dialog.getByLabel("API Key");
  await expect(key).toHaveAttribute("type", "password");
  await dialog.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(dialog.getByText("API key is required")).toBeVisible();
  await key.fill("pplx-e2e-organisation-key");
  await dialog.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page.getByText("Connection updated successfully")).toBeVisible();
  await expect(card.getByText("Connected", { exact: true })).toBeVisible();

  // The edit form never gets the stored key back.
  await page.reload();
  await card.getByRole("button", { name: "Edit Perplexity" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Perplexity" });
  await expect(edit.getByLabel("API Key")).toHaveValue("");
  await expect(page.getByText("pplx-e2e-organisation-key")).toHaveCount(0);
  await edit.getByRole("button", { name: "Cancel" }).click();

  await openNewAgentForm(page);
  await expect(toolRow(page, "Ask the Web")).toBeVisible();
  await expect(notConfigured(page, "Ask the Web")).toHaveCount(0);
  await expect(notConfigured(page, "Deep Research")).toHaveCount(0);
  // Other web tools still wait for their keys.
  await expect(notConfigured(page, "Google Search")).toBeVisible();
});
