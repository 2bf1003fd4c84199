// Issue 17 #23: axe-core (WCAG 2.1 A and AA) finds no serious or critical violation on the main screens,
// in the light and the dark theme; and the keyboard path through the chat keeps working.
import type { Page } from "@playwright/test";
import { chatReady, createAgentViaApi, messageBox } from "./chat-support";
import { connectOpenAIViaApi, hubTabs } from "./control-hub-support";
import { signedInWithOrg } from "./support/app";
import { expectAccessibleInBothThemes } from "./support/axe";
import { expect, test } from "./support/fixtures";

// Each test opens its screen twice (light, dark) and axe reads every node of it: slower than most specs.
test.describe.configure({ timeout: 120_000 });

const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });

/** An organisation with OpenAI connected and one agent: the Control Hub tabs then show their content. */
async function hubReady(page: Page) {
  await signedInWithOrg(page, "Hub Org");
  await connectOpenAIViaApi(page);
  await createAgentViaApi(page, { name: "Atlas", description: "Answers questions about the week ahead" });
}

const hubScreens: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: "agents list",
    path: "/control-hub",
    ready: async (page) => {
      await expect(page.getByRole("link", { name: "New Agent", exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: /^Atlas/ })).toBeVisible();
    },
  },
  {
    name: "agent form",
    path: "/control-hub/agents/new",
    ready: (page) => expect(heading(page, "Create Agent")).toBeVisible(),
  },
  {
    name: "providers",
    path: "/control-hub/providers",
    ready: (page) => expect(heading(page, "Model Providers")).toBeVisible(),
  },
  {
    name: "models",
    path: "/control-hub/models",
    ready: async (page) => {
      await expect(heading(page, "Default Model Selection")).toBeVisible();
      await expect(page.getByRole("table").first()).toBeVisible();
    },
  },
  {
    name: "integrations",
    path: "/control-hub/integrations",
    ready: (page) => expect(heading(page, "Shared Integrations")).toBeVisible(),
  },
  {
    name: "knowledge bases",
    path: "/control-hub/knowledge-bases",
    ready: (page) => expect(heading(page, "No Knowledge Bases Yet")).toBeVisible(),
  },
  {
    name: "scheduled tasks",
    path: "/control-hub/scheduled-tasks",
    ready: (page) => expect(heading(page, "Scheduled Tasks")).toBeVisible(),
  },
  {
    name: "settings",
    path: "/control-hub/settings",
    ready: (page) => expect(heading(page, "API Access")).toBeVisible(),
  },
  {
    name: "organization",
    path: "/control-hub/organization",
    ready: (page) => expect(page.getByRole("list", { name: "Users" })).toBeVisible(),
  },
];

test("sign-in has no serious accessibility violations", async ({ page }) => {
  await expectAccessibleInBothThemes(page, async () => {
    await page.goto("/sign-in");
    await expect(heading(page, "Sign in to Switchboard")).toBeVisible();
  });
});

test("sign-up has no serious accessibility violations", async ({ page }) => {
  await expectAccessibleInBothThemes(page, async () => {
    await page.goto("/sign-up");
    await expect(heading(page, "Create your account")).toBeVisible();
  });
});

test("the dashboard has no serious accessibility violations", async ({ page }) => {
  await signedInWithOrg(page, "Dashboard Org");
  await expectAccessibleInBothThemes(page, async () => {
    await page.goto("/dashboard");
    await expect(heading(page, "AI Agent Dashboard")).toBeVisible();
    await expect(heading(page, "Welcome to Switchboard")).toBeVisible();
  });
});

test("the chat's agent picker has no serious accessibility violations", async ({ page }) => {
  await chatReady(
    page,
    { name: "Atlas", description: "Answers questions about the week ahead" },
    { name: "Beta Bot", description: "Still learning", stage: "development" },
  );
  await expectAccessibleInBothThemes(page, async () => {
    await page.goto("/chat");
    await expect(heading(page, "Choose Your AI Agent")).toBeVisible();
    await expect(page.getByText("Answers questions about the week ahead").first()).toBeVisible();
  });
});

test("a chat with a reply has no serious accessibility violations", async ({ page }) => {
  await chatReady(page, { name: "Atlas" });
  await page.goto("/chat");
  // The fake provider echoes the message, so the reply holds a highlighted code block too.
  await messageBox(page).fill("hello there\n```ts\nconst answer: number = 42; // the answer\n```");
  await messageBox(page).press("Enter");
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const thread = page.url();
  await expect(page.getByText("You said: hello there")).toBeVisible();
  await expectAccessibleInBothThemes(page, async () => {
    await page.goto(thread);
    await expect(page.getByText("You said: hello there")).toBeVisible();
    await expect(page.getByRole("figure", { name: "Code, ts" }).locator(".hljs-comment")).toBeVisible();
  });
});

for (const screen of hubScreens) {
  test(`the Control Hub's ${screen.name} has no serious accessibility violations`, async ({ page }) => {
    await hubReady(page);
    await expectAccessibleInBothThemes(page, async () => {
      await page.goto(screen.path);
      await expect(hubTabs(page)).toBeVisible();
      await screen.ready(page);
    });
  });
}

test("the keyboard alone skips to the content, reaches the message box and sends", async ({ page }) => {
  await chatReady(page, { name: "Atlas" });
  await page.goto("/chat");
  await expect(heading(page, "Choose Your AI Agent")).toBeVisible();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
  for (let i = 0; i < 30; i++) {
    if (await messageBox(page).evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press("Tab");
  }
  await expect(messageBox(page)).toBeFocused();
  await page.keyboard.type("typed with the keyboard");
  await page.keyboard.press("Enter");
  await expect(page.getByText("You said: typed with the keyboard")).toBeVisible();
});
