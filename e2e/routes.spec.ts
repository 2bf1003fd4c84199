import { PASSWORD, signedInWithOrg } from "./support/app";
import { expect, test } from "./support/fixtures";

test("[ROUTE-09] [ROUTE-10] signed out, every page goes to /sign-in; /signin shows the same page", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole("heading", { name: "Sign in to Switchboard" })).toBeVisible();

  await page.goto("/control-hub/models");
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fcontrol-hub%2Fmodels$/);

  await page.goto("/signin");
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole("heading", { name: "Sign in to Switchboard" })).toBeVisible();
});

test("issue 17 #18: /sign-up is a shareable page of its own; switching modes keeps the URL and the redirect", async ({
  page,
}) => {
  await page.goto("/sign-up");
  await expect(page).toHaveURL(/\/sign-up$/);
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  // Open sign-up (the default): no invitation-only note.
  await expect(page.getByText("Only invited email addresses can create an account on this server.")).toHaveCount(0);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole("heading", { name: "Sign in to Switchboard" })).toBeVisible();

  await page.goto("/control-hub/models");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/sign-up\?redirect=%2Fcontrol-hub%2Fmodels$/);
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
});

test("[ROUTE-01] [ROUTE-06] [ROUTE-07] [ROUTE-08] redirects when signed in", async ({ page }) => {
  await signedInWithOrg(page);
  const cases: [string, RegExp][] = [
    ["/", /\/dashboard$/],
    ["/nowhere", /\/dashboard$/],
    ["/agents", /\/control-hub$/],
    ["/settings", /\/control-hub\/settings$/],
    ["/sign-in", /\/dashboard$/],
  ];
  for (const [from, to] of cases) {
    await page.goto(from);
    await expect(page, `${from} → ${to}`).toHaveURL(to);
  }
});

test("[ROUTE-02] [ROUTE-03] [ROUTE-04] [ROUTE-05] the dashboard, chat and Control Hub pages open in the shell", async ({
  page,
}) => {
  await signedInWithOrg(page);
  const nav = page.getByRole("navigation", { name: "Main" });

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "AI Agent Dashboard" })).toBeVisible();
  await expect(page.getByText("Monitor and observe your AI agents' performance.")).toBeVisible();
  await page.goto("/control-hub/providers");
  await expect(nav.getByRole("link", { name: "Control Hub" })).toHaveAttribute("aria-current", "page");
  await page.goto("/chat");
  await expect(nav.getByRole("link", { name: "New Chat" })).toHaveAttribute("aria-current", "page");
  await page.goto("/chat/thread-123");
  await expect(page).toHaveURL(/\/chat\/thread-123$/);
  await expect(nav).toBeVisible();
});

test("[ROUTE-11] signing out lands on /signin, and the app is closed again", async ({ page }) => {
  const { user } = await signedInWithOrg(page);
  await page.goto("/dashboard");

  await page.getByRole("button", { name: `Account: ${user.name}` }).click();
  await expect(page.getByRole("menu")).toContainText(user.email);
  await page.getByRole("menuitem", { name: "Sign out" }).click();

  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole("heading", { name: "Sign in to Switchboard" })).toBeVisible();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/sign-in$/);
});

test("[ROUTE-10] signing in goes back to the page that asked for it", async ({ page }) => {
  const { user } = await signedInWithOrg(page);
  await page.context().clearCookies();

  await page.goto("/control-hub/settings");
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill("wrong password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText(/invalid email or password/i);

  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/control-hub\/settings$/);
});
