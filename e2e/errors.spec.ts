import { signedInWithOrg } from "./support/app";
import { expect, test } from "./support/fixtures";

test("[SHELL-01] the logo and a spinner show while user info loads", async ({ page }) => {
  await signedInWithOrg(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/getUser**", async (route) => {
    await held;
    await route.continue();
  });

  await page.goto("/dashboard");
  const loading = page.getByTestId("loading-screen");
  await expect(loading.getByRole("img", { name: "Switchboard" })).toBeVisible();
  await expect(loading.getByRole("status", { name: "Loading" })).toBeVisible();

  release();
  await expect(page.getByRole("heading", { name: "AI Agent Dashboard" })).toBeVisible();
});

test("[ERR-01] [ERR-02] [ERR-03] a failed user-info load shows the fallback, and Try Again retries", async ({
  page,
}) => {
  await signedInWithOrg(page);
  await page.route("**/api/getUser**", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: "boom", code: "internal" }),
    }),
  );

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  await expect(page.getByText("We're having trouble loading this data. Please try again.")).toBeVisible();

  await page.unroute("**/api/getUser**");
  await page.getByRole("button", { name: "Try Again" }).click();
  await expect(page.getByRole("heading", { name: "AI Agent Dashboard" })).toBeVisible();
});

test("[ERR-06] a code chunk that fails to load reloads the page once", async ({ page }) => {
  await signedInWithOrg(page);
  await page.goto("/chat");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "New Chat" })).toHaveAttribute("aria-current", "page");

  // As after a deploy: the dashboard's chunk is gone the first time it is asked for.
  let failures = 0;
  await page.route(/\/assets\/dashboard-page-.*\.js$/, (route) => {
    if (failures++ === 0) return route.fulfill({ status: 404, body: "gone" });
    return route.continue();
  });
  const reloaded = page.waitForEvent("load");
  await nav.getByRole("link", { name: "Dashboard" }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "AI Agent Dashboard" })).toBeVisible();
  expect(failures).toBe(2);
});

test("[ERR-05] a chunk that keeps failing ends on the router's error page, not in a reload loop", async ({ page }) => {
  await signedInWithOrg(page);
  await page.route(/\/assets\/chat-page-.*\.js$/, (route) => route.fulfill({ status: 404, body: "gone" }));
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "AI Agent Dashboard" })).toBeVisible();
  // A recent reload is remembered: the second failure is not retried.
  await page.evaluate(() => sessionStorage.setItem("switchboard:preload-reload-at", String(Date.now())));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "New Chat" }).click();
  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
  // The error is shown inside the shell: the user can still go elsewhere.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "AI Agent Dashboard" })).toBeVisible();
});
