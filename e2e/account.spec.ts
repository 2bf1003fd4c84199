// Issue 17 #5: forgot password through the emailed link (a real SMTP server on loopback), and the
// profile dialog of the account menu (decision 081).
import type { Page } from "@playwright/test";
import { PASSWORD, signedInWithOrg, signUpViaApi } from "./support/app";
import { expect, test } from "./support/fixtures";
import { emailTo } from "./support/inbox";

const NEW_PASSWORD = "a brand new passphrase";
const origin = () => new URL(String(test.info().project.use.baseURL)).origin;

async function signInViaApi(page: Page, email: string, password: string) {
  return page.request.post("/api/auth/sign-in/email", { data: { email, password }, headers: { origin: origin() } });
}

test("issue 17 #5: forgot password emails a link that sets a new password; the old one and old sessions stop working", async ({
  page,
  browser,
}) => {
  const elsewhere = await (await browser.newContext()).newPage();
  const { email } = await signUpViaApi(elsewhere);

  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(`If ${email} belongs to an account, we have sent it a link`)).toBeVisible();

  const mail = await emailTo(email, /^Reset your Switchboard password$/);
  const link = mail.text.match(/http:\/\/\S+\/reset-password\?token=\S+/)?.[0];
  expect(link, mail.text).toBeTruthy();
  await page.goto(link!);
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm new password").fill("something else entirely");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The two passwords do not match.")).toBeVisible();
  await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password has been changed. Sign in with your new password.")).toBeVisible();

  await page.getByRole("link", { name: "Sign in" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
  await expect(page.getByRole("button", { name: /^Account: / })).toBeVisible();

  expect((await elsewhere.request.get("/api/getUser")).status()).toBe(401);
  expect((await signInViaApi(elsewhere, email, PASSWORD)).status()).toBe(401);
  // The link was used: opening it again says so.
  await page.goto(link!);
  await page.getByLabel("New password", { exact: true }).fill("another new passphrase");
  await page.getByLabel("Confirm new password").fill("another new passphrase");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("This reset link is not valid any more")).toBeVisible();
});

test("issue 17 #5: the profile dialog changes the name and the password, and signs out other sessions", async ({
  page,
  browser,
}) => {
  const { user } = await signedInWithOrg(page);
  const elsewhere = await (await browser.newContext()).newPage();
  expect((await signInViaApi(elsewhere, user.email, PASSWORD)).ok()).toBeTruthy();
  await page.goto("/dashboard");

  await page.getByRole("button", { name: /^Account: / }).click();
  await page.getByRole("menuitem", { name: "Profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Profile" });
  await expect(dialog.getByText(user.email)).toBeVisible();

  await dialog.getByLabel("Name").fill("Renamed Person");
  await dialog.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Name saved")).toBeVisible();

  await dialog.getByRole("button", { name: "Sign out of other sessions" }).click();
  await expect(page.getByText("Signed out of your other sessions.")).toBeVisible();
  expect((await elsewhere.request.get("/api/getUser")).status()).toBe(401);

  await dialog.getByLabel("Current password").fill("not my password at all");
  await dialog.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await dialog.getByRole("button", { name: "Change password" }).click();
  await expect(dialog.getByText("The current password is not correct.")).toBeVisible();
  await dialog.getByLabel("Current password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed. Your other sessions were signed out.")).toBeVisible();

  // This session goes on; the new password is the one that signs in.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Account: Renamed Person" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Account: Renamed Person" })).toBeVisible();
  expect((await signInViaApi(elsewhere, user.email, PASSWORD)).status()).toBe(401);
  expect((await signInViaApi(elsewhere, user.email, NEW_PASSWORD)).ok()).toBeTruthy();
});
