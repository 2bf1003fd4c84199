// Issue 17: light, dark or system theme from the account menu, kept across reloads.
import { signedInWithOrg } from "./support/app";
import { expect, test } from "./support/fixtures";

test("issue 17: the account menu switches between light, dark and the system's theme, and the choice stays", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  await signedInWithOrg(page);
  await page.goto("/dashboard");
  const root = page.locator("html");
  await expect(root).not.toHaveClass(/\bdark\b/);
  const account = page.getByRole("button", { name: /^Account: / });

  await account.click();
  await expect(page.getByRole("menuitemradio", { name: "System" })).toHaveAttribute("aria-checked", "true");
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  await expect(root).toHaveClass(/\bdark\b/);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.reload();
  await expect(root).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);

  await account.click();
  await page.getByRole("menuitemradio", { name: "Light" }).click();
  await expect(root).not.toHaveClass(/\bdark\b/);

  // System follows the operating system, also when it changes while the page is open.
  await account.click();
  await page.getByRole("menuitemradio", { name: "System" }).click();
  await expect(root).not.toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(root).toHaveClass(/\bdark\b/);
});
