// Providers tab as an admin: connect with validation, edit with a masked secret, disconnect.
import { signedInWithOrg } from "./support/app";
import { FAKE_REJECTED_KEY } from "./support/fake-provider";
import { expect, test } from "./support/fixtures";
import { connectionCard, connectOpenAIViaApi, post } from "./control-hub-support";

test("[PROV-03] [PROV-05] [PROV-06] [PROV-14] [PROV-16] [PROV-18] [PROV-20] [PROV-21] [ROLE-06] an admin connects, edits and disconnects OpenAI", async ({
  page,
}) => {
  await signedInWithOrg(page);
  await page.goto("/control-hub/providers");
  await expect(page.getByRole("heading", { name: "Model Providers" })).toBeVisible();

  const card = connectionCard(page, "OpenAI");
  await expect(card.getByText("Connected", { exact: true })).toHaveCount(0);
  await card.getByRole("button", { name: /^Connect/ }).click();

  const dialog = page.getByRole("dialog", { name: "Connect OpenAI" });
  const key = dialog.getByLabel("API Key");
  await expect(key).toHaveAttribute("type", "password");
  await dialog.getByRole("button", { name: /^Connect/ }).click();
  await expect(dialog.getByText("API key is required")).toBeVisible();
  await expect(dialog.getByText("Please correct the form errors")).toBeVisible();
  await expect(key).toBeFocused();
  // Cancelling takes the form's error toast away with it (issue 17 #14).
  await expect(page.getByText("Please correct the form errors")).toHaveCount(2);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Please correct the form errors")).toHaveCount(0);
  await card.getByRole("button", { name: /^Connect/ }).click();
  await dialog.getByRole("button", { name: /^Connect/ }).click();
  await expect(key).toBeFocused();
  await key.fill("sk-test-123");
  await expect(dialog.getByText("API key is required")).toHaveCount(0);
  await dialog.getByRole("button", { name: /^Connect/ }).click();

  await expect(page.getByText("Connection updated successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText("Connected", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: /^Connect/ })).toHaveCount(0);

  // Editing shows the stored secret only as "unchanged"; saving without typing keeps it.
  await card.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit OpenAI" });
  await expect(edit.getByLabel("API Key")).toHaveValue("");
  await expect(edit.getByLabel("API Key")).toHaveAttribute("placeholder", /unchanged/);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Connection updated successfully").first()).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(card.getByText("Connected", { exact: true })).toBeVisible();

  await card.getByRole("button", { name: "Disconnect" }).click();
  await page.getByRole("dialog", { name: "Disconnect OpenAI?" }).getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByText("OpenAI disconnected successfully")).toBeVisible();
  await expect(card.getByRole("button", { name: /^Connect/ })).toBeVisible();
});

test("[PROV-21] a disconnect the server refuses toasts Failed to disconnect provider, and the page shows the truth after", async ({
  page,
}) => {
  await signedInWithOrg(page);
  await connectOpenAIViaApi(page);
  await page.goto("/control-hub/providers");
  const card = connectionCard(page, "OpenAI");
  await expect(card.getByText("Connected", { exact: true })).toBeVisible();
  // Disconnected from another tab meanwhile: this page's disconnect now gets the server's 404.
  await post(page.request, "/api/updateConnections", { action: "delete", key: "openai" });
  await card.getByRole("button", { name: "Disconnect" }).click();
  await page.getByRole("dialog", { name: "Disconnect OpenAI?" }).getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByText("Failed to disconnect provider")).toBeVisible();
  await expect(page.getByText("OpenAI disconnected successfully")).toHaveCount(0);
});

test("[PROV-11] [PROV-15] AWS Bedrock marks its optional session token and requires the rest", async ({ page }) => {
  await signedInWithOrg(page);
  await page.goto("/control-hub/providers");
  await connectionCard(page, "AWS Bedrock")
    .getByRole("button", { name: /^Connect/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Connect AWS Bedrock" });
  await expect(dialog.getByText("(optional)")).toHaveCount(1);
  await expect(dialog.getByLabel("Session Token")).toHaveAttribute("type", "password");
  await dialog.getByRole("button", { name: /^Connect/ }).click();
  await expect(dialog.getByText("Region is required")).toBeVisible();
  await expect(dialog.getByText("Access Key ID is required")).toBeVisible();
  await expect(dialog.getByText("Secret Access Key is required")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
});

test("[PROV-19] a failed save toasts the server's message, else Failed to update connection. Please try again.", async ({
  page,
}) => {
  await signedInWithOrg(page);
  await page.goto("/control-hub/providers");
  const card = connectionCard(page, "Anthropic");
  await card.getByRole("button", { name: /^Connect/ }).click();
  const dialog = page.getByRole("dialog", { name: "Connect Anthropic" });
  await dialog.getByLabel("API Key").fill("sk-ant-test");

  let failure: "message" | "network" = "message";
  await page.route("**/api/updateConnections*", (route) =>
    failure === "message"
      ? route.fulfill({
          status: 502,
          contentType: "application/json",
          body: JSON.stringify({ error: "Anthropic is unreachable right now" }),
        })
      : route.abort("connectionrefused"),
  );
  await dialog.getByRole("button", { name: /^Connect/ }).click();
  await expect(page.getByText("Anthropic is unreachable right now")).toBeVisible();
  await expect(dialog).toBeVisible();

  failure = "network";
  await dialog.getByRole("button", { name: /^Connect/ }).click();
  await expect(page.getByText("Failed to update connection. Please try again.")).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(card.getByText("Connected", { exact: true })).toHaveCount(0);
});

test("issue 17 #4: a key the provider refuses is not saved, and the form shows the provider's words", async ({
  page,
}) => {
  await signedInWithOrg(page);
  await page.goto("/control-hub/providers");
  const card = connectionCard(page, "OpenAI");
  await card.getByRole("button", { name: /^Connect/ }).click();
  const dialog = page.getByRole("dialog", { name: "Connect OpenAI" });
  // The loopback stand-in refuses this key as OpenAI refuses a wrong one (e2e/support/fake-provider.ts).
  await dialog.getByLabel("API Key").fill(`sk-${FAKE_REJECTED_KEY}-1234`);
  await dialog.getByRole("button", { name: /^Connect/ }).click();

  await expect(dialog.getByText(/^OpenAI refused this API key \(HTTP 401\): Incorrect API key provided/)).toBeVisible();
  await expect(dialog.getByLabel("API Key")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(card.getByText("Connected", { exact: true })).toHaveCount(0);

  // A key it accepts is saved as before.
  await card.getByRole("button", { name: /^Connect/ }).click();
  await dialog.getByLabel("API Key").fill("sk-test-accepted");
  await dialog.getByRole("button", { name: /^Connect/ }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText("Connected", { exact: true })).toBeVisible();
});
