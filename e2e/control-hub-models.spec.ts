// Models tab as an admin: default chat model, Azure instances, the empty state.
import { signedInWithOrg } from "./support/app";
import { expect, test } from "./support/fixtures";
import { connectOpenAIViaApi } from "./control-hub-support";

test("[MODEL-22] [MODEL-24] [MODEL-27] [ROLE-04] an admin sets the default chat model from the available ones", async ({
  page,
}) => {
  await signedInWithOrg(page);
  await connectOpenAIViaApi(page);
  await page.goto("/control-hub/models");
  await expect(page.getByRole("heading", { name: "Default Model Selection" })).toBeVisible();

  const chat = page.getByLabel("Default Chat Model");
  await expect(chat.getByRole("option", { name: "gpt-4o · OpenAI · 128K tokens" })).toBeAttached();
  await expect(chat.getByRole("option", { name: "gpt-4.1 · OpenAI · 1.0M tokens" })).toBeAttached();
  // Only connected providers' models are offered.
  await expect(chat.getByRole("option", { name: /claude/ })).toHaveCount(0);
  await expect(
    page.getByLabel("Default Embedding Model").getByRole("option", { name: /text-embedding-3-small/ }),
  ).toBeAttached();

  const save = page.getByRole("button", { name: "Save Preferences" });
  await expect(save).toBeDisabled();
  await chat.selectOption({ label: "gpt-4o · OpenAI · 128K tokens" });
  await save.click();
  await expect(page.getByText("Model preferences updated successfully")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Default Chat Model")).toHaveValue("openai:gpt-4o");
  await expect(page.getByRole("row", { name: /gpt-4o\b.*Available/ }).first()).toBeVisible();
});

test("[MODEL-19] [MODEL-20] [MODEL-23] [MODEL-25] [MODEL-26] [ROLE-05] an admin adds and deletes an Azure instance", async ({
  page,
}) => {
  await signedInWithOrg(page);
  await page.goto("/control-hub/models");
  await expect(page.getByRole("heading", { name: "Azure Model Instances" })).toBeVisible();
  await expect(page.getByText("No Azure model instances yet.")).toBeVisible();

  const form = page.getByRole("form", { name: "Add Azure instance" });
  await expect(form.getByLabel("Underlying Model")).toHaveValue("gpt-4");
  await form.getByLabel("Type").selectOption("embedding");
  await expect(form.getByLabel("Underlying Model")).toHaveValue("text-embedding-ada-002");
  await form.getByLabel("Type").selectOption("chat");
  await expect(form.getByLabel("Underlying Model")).toHaveValue("gpt-4");

  await form.getByRole("button", { name: "Add Instance" }).click();
  await expect(form.getByText("Please fill in all required fields")).toBeVisible();

  await form.getByLabel("Deployment Name").fill("prod-gpt");
  await form.getByRole("button", { name: "Add Instance" }).click();
  await expect(page.getByText("Azure model instance added successfully")).toBeVisible();
  const row = page.getByRole("row", { name: /prod-gpt/ });
  await expect(row).toContainText("azure:prod-gpt");
  await expect(row).toContainText("Chat");
  await expect(row).toContainText("gpt-4");
  await expect(form.getByLabel("Deployment Name")).toHaveValue("");

  await row.getByRole("button", { name: "Delete prod-gpt" }).click();
  await page.getByRole("dialog", { name: "Delete prod-gpt?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Azure model instance deleted successfully")).toBeVisible();
  await expect(page.getByText("No Azure model instances yet.")).toBeVisible();
});

test("[MODEL-22] without a connected provider the Models tab points to Providers", async ({ page }) => {
  await signedInWithOrg(page);
  await page.goto("/control-hub/models");
  await expect(page.getByText("No models are available yet.")).toBeVisible();
  await expect(page.getByLabel("Default Chat Model")).toBeDisabled();
  await page.getByRole("link", { name: "Go to Providers" }).click();
  await expect(page).toHaveURL(/\/control-hub\/providers$/);
});

test("[ERR-02] [ERR-03] a failed models load shows the error fallback; Try Again loads them", async ({ page }) => {
  await signedInWithOrg(page);
  await page.route("**/api/models*", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "boom" }) }),
  );
  await page.goto("/control-hub/models");
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  await expect(page.getByText("We're having trouble loading this data. Please try again.")).toBeVisible();
  await page.unroute("**/api/models*");
  await page.getByRole("button", { name: "Try Again" }).click();
  await expect(page.getByRole("heading", { name: "Default Model Selection" })).toBeVisible();
});
