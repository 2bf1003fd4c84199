import { desktopSidebar, mainNav, signedInWithOrg } from "./support/app";
import { expect, test } from "./support/fixtures";

test("[SHELL-15] [SHELL-16] [SHELL-17] [SHELL-20] [SHELL-21] Ctrl+B collapses the sidebar to icons, and the state survives a reload", async ({
  page,
  context,
}) => {
  await signedInWithOrg(page);
  await page.goto("/dashboard");
  const sidebar = desktopSidebar(page);
  const container = page.locator('[data-slot="sidebar-container"]');

  // SHELL-18: a 1280 px window starts expanded.
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  await expect.poll(async () => (await container.boundingBox())?.width).toBe(256);

  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await expect.poll(async () => (await container.boundingBox())?.width).toBe(48);
  const cookie = (await context.cookies()).find((c) => c.name === "sidebar_state");
  expect(cookie?.value).toBe("false");
  expect(cookie?.path).toBe("/");
  // Max-age of 7 days (allow a few seconds of clock skew).
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(7 * 24 * 3600 - 60);
  expect(await page.evaluate(() => localStorage.getItem("sidebar_state"))).toBe("false");

  // Collapsed, the icons explain themselves at once.
  await mainNav(page).getByRole("link", { name: "Control Hub" }).hover();
  await expect(page.getByRole("tooltip", { name: "Control Hub" })).toBeVisible();

  await page.reload();
  await expect(desktopSidebar(page)).toHaveAttribute("data-state", "collapsed");

  // The rail and the trigger toggle too.
  await page.locator('[data-sidebar="rail"]').click();
  await expect(desktopSidebar(page)).toHaveAttribute("data-state", "expanded");
  await desktopSidebar(page).locator('[data-sidebar="trigger"]').click();
  await expect(desktopSidebar(page)).toHaveAttribute("data-state", "collapsed");
  await page.keyboard.press("Meta+b");
  await expect(desktopSidebar(page)).toHaveAttribute("data-state", "expanded");
});

test("[SHELL-17] without a cookie, the locally kept state is used", async ({ page }) => {
  await signedInWithOrg(page);
  await page.goto("/dashboard");
  await page.evaluate(() => localStorage.setItem("sidebar_state", "false"));
  await page.reload();
  await expect(desktopSidebar(page)).toHaveAttribute("data-state", "collapsed");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("[SHELL-06] [SHELL-19] [SHELL-20] [CONST-01] the sidebar is hidden and opens from the header as a slide-over panel", async ({
    page,
  }) => {
    await signedInWithOrg(page);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "AI Agent Dashboard" })).toBeVisible();
    await expect(page.getByRole("link", { name: "New Chat" })).toBeHidden();

    await page.getByRole("button", { name: "Toggle Sidebar" }).click();
    const panel = page.getByRole("dialog", { name: "Navigation" });
    await expect(panel).toBeVisible();
    for (const entry of ["Dashboard", "Control Hub", "New Chat"])
      await expect(panel.getByRole("link", { name: entry })).toBeVisible();
    await expect.poll(async () => (await panel.boundingBox())?.width).toBe(288);

    await panel.getByRole("link", { name: "New Chat" }).click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(panel).toBeHidden();
  });
});

test("[SHELL-11] [SHELL-12] [SHELL-13] [SHELL-14] active entries, New Chat only on /chat exactly, and Docs in a new tab", async ({
  page,
}) => {
  await signedInWithOrg(page);
  const nav = mainNav(page);
  const link = (name: string) => nav.getByRole("link", { name });

  await page.goto("/dashboard");
  await expect(link("Dashboard")).toHaveAttribute("aria-current", "page");
  await expect(link("New Chat")).not.toHaveAttribute("aria-current", "page");

  await page.goto("/control-hub/settings");
  await expect(link("Control Hub")).toHaveAttribute("aria-current", "page");
  await expect(link("Dashboard")).not.toHaveAttribute("aria-current", "page");

  await page.goto("/chat");
  await expect(link("New Chat")).toHaveAttribute("aria-current", "page");
  await expect(link("New Chat")).toHaveAttribute("data-active", "true");

  await page.goto("/chat/some-thread");
  await expect(link("New Chat")).not.toHaveAttribute("aria-current", "page");
  await expect(link("New Chat")).toHaveAttribute("data-active", "false");

  const docs = page.getByRole("link", { name: "Docs" });
  await expect(docs).toHaveAttribute("target", "_blank");
  await expect(docs).toHaveAttribute("rel", "noopener noreferrer");
  await expect(docs).toHaveAttribute("href", "https://github.com/switchboard-platform/switchboard#readme");

  // SHELL-14: the conversation list sits below the entries, empty for now.
  await expect(page.getByText("Conversations", { exact: true })).toBeVisible();
  await expect(page.getByText("No conversations")).toBeVisible();
});

test("[SHELL-07] clicking the header scrolls the page smoothly to the top", async ({ page }) => {
  await signedInWithOrg(page);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "AI Agent Dashboard" })).toBeVisible();
  // Make the page taller than the window so there is something to scroll.
  await page.evaluate(() => {
    const filler = document.createElement("div");
    filler.style.height = "3000px";
    document.getElementById("main")!.append(filler);
    window.scrollTo(0, 2000);
  });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);

  const header = page.getByTestId("app-header");
  const box = (await header.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
