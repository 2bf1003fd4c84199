import {
  createOrgViaApi,
  orgSelector,
  PASSWORD,
  setActiveOrgViaApi,
  signUpViaApi,
  uniqueEmail,
  uniqueName,
} from "./support/app";
import { expect, test } from "./support/fixtures";

test("[SHELL-02] [SHELL-03] [SHELL-05] [SHELL-10] sign up, create the first organisation, land on the Control Hub in the shell", async ({
  page,
}) => {
  const email = uniqueEmail("first");
  const orgName = uniqueName("Acme");

  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await page.getByLabel("Name").fill("Ada Lovelace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();

  // A new user belongs to no organisation: only the create form is offered.
  await expect(page.getByRole("heading", { name: "Welcome to Switchboard" })).toBeVisible();
  await expect(page.getByText("Create an organization to get started.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Select / })).toHaveCount(0);

  await page.getByLabel("Organization name").fill(orgName);
  await page.getByRole("button", { name: "Create organization" }).click();

  await expect(page).toHaveURL(/\/control-hub$/);
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const entry of ["Dashboard", "Control Hub", "New Chat"])
    await expect(nav.getByRole("link", { name: entry })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Control Hub" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("No conversations")).toBeVisible();
  await expect(orgSelector(page)).toHaveAccessibleName(`Organization: ${orgName}`);
  await expect(page.getByRole("button", { name: "Account: Ada Lovelace" })).toBeVisible();
});

test("[SHELL-02] [SHELL-04] a user whose organisations are all inactive selects one and lands on /chat", async ({
  page,
}) => {
  await signUpViaApi(page);
  const org = await createOrgViaApi(page, uniqueName("Globex"));
  await setActiveOrgViaApi(page, null);

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome to Switchboard" })).toBeVisible();
  await expect(page.getByText(org.name)).toBeVisible();
  await page.getByRole("button", { name: `Select ${org.name}` }).click();

  await expect(page).toHaveURL(/\/chat$/);
  await expect(orgSelector(page)).toHaveAccessibleName(`Organization: ${org.name}`);
});

test("[SHELL-08] [SHELL-09] create a second organisation from the header, then switch back to the first", async ({
  page,
}) => {
  await signUpViaApi(page);
  const first = await createOrgViaApi(page, uniqueName("First"));
  const second = uniqueName("Second");

  await page.goto("/dashboard");
  await expect(orgSelector(page)).toHaveAccessibleName(`Organization: ${first.name}`);

  await orgSelector(page).click();
  await page.getByRole("menuitem", { name: "Create organization" }).click();
  const dialog = page.getByRole("dialog", { name: "Create organization" });
  await dialog.getByLabel("Organization name").fill(second);
  await dialog.getByRole("button", { name: "Create organization" }).click();

  await expect(page).toHaveURL(/\/control-hub$/);
  await expect(dialog).toBeHidden();
  await expect(orgSelector(page)).toHaveAccessibleName(`Organization: ${second}`);

  // The list shows both organisations, the active one checked; nothing personal is offered.
  await orgSelector(page).click();
  await expect(page.getByRole("menuitemradio")).toHaveCount(2);
  await expect(page.getByRole("menuitemradio", { name: second })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("menuitemradio", { name: first.name })).toHaveAttribute("aria-checked", "false");
  await expect(page.getByRole("menu")).not.toContainText(/personal/i);
  await page.getByRole("menuitemradio", { name: first.name }).click();

  await expect(page).toHaveURL(/\/chat$/);
  await expect(orgSelector(page)).toHaveAccessibleName(`Organization: ${first.name}`);
  // The choice is the session's: it survives a reload.
  await page.reload();
  await expect(orgSelector(page)).toHaveAccessibleName(`Organization: ${first.name}`);
});
