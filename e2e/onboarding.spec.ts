// The first-run onboarding wizard (chat spec §2 "Onboarding wizard", §4, §5, §8), against the loopback
// fake model provider: connecting OpenAI with any key it does not refuse works, and the new agent's
// replies stream from it.
import type { Page } from "@playwright/test";
import { onboardingStorageKey, signedInWithOrg } from "./support/app";
import { FAKE_REJECTED_KEY } from "./support/fake-provider";
import { expect, test } from "./support/fixtures";

const wizard = (page: Page) => page.getByRole("dialog");
const agentsApi = (url: URL) => url.pathname === "/api/agents";

async function toAgentStep(page: Page) {
  await wizard(page).getByRole("button", { name: "Get Started" }).click();
  await wizard(page)
    .getByRole("radio", { name: /OpenAI/ })
    .click();
  await wizard(page).getByLabel("API Key").fill("sk-test");
  await wizard(page).getByRole("button", { name: "Next" }).click();
  await expect(wizard(page).getByText("Step 3 of 4")).toBeVisible();
}

test("[ONB-01] [ONB-03] [ONB-04] [ONB-05] [ONB-07] [ONB-08] [ONB-09] [ONB-31] [ONB-32] a new organisation sees the wizard; Skip Setup closes it for good", async ({
  page,
}) => {
  const { org } = await signedInWithOrg(page, "Fresh", { onboarding: true });
  await page.goto("/dashboard");
  const dialog = wizard(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Step 1 of 4")).toBeVisible();
  await expect(dialog.getByRole("progressbar", { name: "Setup progress" })).toHaveAttribute("aria-valuenow", "1");
  await expect(dialog.getByRole("heading", { name: "Welcome to Switchboard" })).toBeVisible();
  for (const card of ["Connect Provider", "Create Agent", "Start Chatting"])
    await expect(dialog.getByRole("heading", { name: card })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Get Started" })).toBeVisible();

  // Only Skip Setup closes it: no close button, Escape and clicks outside do nothing.
  await expect(dialog.getByRole("button", { name: "Close" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();

  await dialog.getByRole("button", { name: "Skip Setup" }).click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate((key) => window.localStorage.getItem(key), onboardingStorageKey(org.id))).toBe("true");
  await page.reload();
  await expect(page.getByRole("heading", { name: "AI Agent Dashboard" })).toBeVisible();
  await expect(wizard(page)).toHaveCount(0);
});

test("[ONB-02] the wizard stays away from control-hub pages and appears elsewhere", async ({ page }) => {
  await signedInWithOrg(page, "Hub First", { onboarding: true });
  await page.goto("/control-hub/providers");
  await expect(page.getByRole("heading", { name: "Providers" }).first()).toBeVisible();
  await expect(wizard(page)).toHaveCount(0);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(wizard(page).getByText("Step 1 of 4")).toBeVisible();
});

test("[ONB-06] [ONB-10] [ONB-11] [ONB-12] [ONB-13] [ONB-14] [ONB-15] the provider step validates, masks the key, and goes back and forth", async ({
  page,
}) => {
  await signedInWithOrg(page, "Provider Step", { onboarding: true });
  await page.goto("/chat");
  const dialog = wizard(page);
  await dialog.getByRole("button", { name: "Get Started" }).click();
  await expect(dialog.getByText("Step 2 of 4")).toBeVisible();
  await expect(dialog.getByRole("radio")).toHaveCount(2);
  await expect(dialog.getByRole("radio", { name: /OpenAI/ })).toBeVisible();
  await expect(dialog.getByRole("radio", { name: /Anthropic/ })).toBeVisible();

  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText("Please select a provider")).toBeVisible();

  await dialog.getByRole("radio", { name: /Anthropic/ }).click();
  await expect(dialog.getByText("Please select a provider")).toBeHidden();
  const key = dialog.getByLabel("API Key");
  await expect(key).toHaveAttribute("type", "password");
  await key.fill("   ");
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText("API key is required")).toBeVisible();
  await key.fill("sk-ant-test");
  await expect(dialog.getByText("API key is required")).toBeHidden();

  await dialog.getByRole("button", { name: "Back" }).click();
  await expect(dialog.getByText("Step 1 of 4")).toBeVisible();
  await dialog.getByRole("button", { name: "Get Started" }).click();
  await expect(dialog.getByLabel("API Key")).toHaveValue("sk-ant-test");
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText("Step 3 of 4")).toBeVisible();
  await dialog.getByRole("button", { name: "Back" }).click();
  await expect(dialog.getByText("Step 2 of 4")).toBeVisible();
});

test("[ONB-16] [ONB-17] [ONB-19] [ONB-20] [ONB-21] [ONB-24] [ONB-25] [ONB-26] [ONB-28] [ONB-29] a second organisation completes the wizard, lands in chat with its new agent selected, and chats", async ({
  page,
}) => {
  await signedInWithOrg(page, "Complete", { onboarding: true });
  await page.goto("/dashboard");
  await toAgentStep(page);
  const dialog = wizard(page);
  await expect(dialog.getByLabel("Name")).toHaveValue("My First Agent");
  await expect(dialog.getByLabel("Description")).toHaveValue("A helpful AI assistant for my organization");
  await expect(dialog.getByLabel("Instructions")).not.toHaveValue("");
  for (const tool of ["Google Search", "Scrape URL", "Ask the Web"])
    await expect(dialog.getByRole("checkbox", { name: tool })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: "Execute Python" })).not.toBeChecked();
  await expect(dialog.getByRole("checkbox")).toHaveCount(4);
  await dialog.getByRole("checkbox", { name: "Execute Python" }).click();
  await expect(dialog.getByRole("checkbox", { name: "Execute Python" })).toBeChecked();
  await dialog.getByRole("checkbox", { name: "Scrape URL" }).click();
  await dialog.getByLabel("Name").fill("Onboarding Bot");

  // Hold the agent creation until the submitting state has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(agentsApi, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  const created = page.waitForResponse((r) => r.url().includes("/api/agents") && r.request().method() === "POST");
  await dialog.getByRole("button", { name: "Create Agent" }).click();
  await expect(dialog.getByRole("button", { name: "Creating Agent..." })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Back" })).toBeDisabled();
  release();
  const agent = await (await created).json();
  expect(agent).toMatchObject({
    name: "Onboarding Bot",
    model: "openai:gpt-4.1",
    maxToolRoundtrips: 20,
    stage: "released",
    conversationStarters: ["What can you help me with?", "Summarise a topic for me", "Help me draft a message"],
  });
  expect(Object.keys(agent.tools).sort()).toEqual(["ask_web", "execute_python", "search_google"]);

  await expect(page.getByText("Your first agent has been created!")).toBeVisible();
  await expect(dialog.getByText("Step 4 of 4")).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "You're All Set!" })).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "What's Next" })).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Quick Tips" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Skip Setup" })).toHaveCount(0);

  await dialog.getByRole("button", { name: "Start Chatting" }).click();
  await expect(wizard(page)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/chat\\?agent=${agent.id}$`));

  // The new agent is the selected one, and its replies stream from the (fake) provider just connected.
  const messageBox = page.getByRole("textbox", { name: "Message" });
  await expect(messageBox).toHaveAttribute("placeholder", "Message Onboarding Bot... (or drag & drop files)");
  await messageBox.fill("[slow] hello from onboarding");
  await messageBox.press("Enter");
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByText("You said: hello from onboarding")).toBeVisible();

  // ONB-25: agents and connections were refetched, so moving within the app (no reload) finds the
  // organisation set up: the dashboard asks for nothing and the wizard stays closed.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "AI Agent Dashboard" })).toBeVisible();
  await expect(page.getByText("Welcome to Switchboard")).toHaveCount(0);
  await expect(wizard(page)).toHaveCount(0);
});

test("[ONB-27] [ONB-30] a failed setup says so and can be retried; Explore Control Hub leads to the hub", async ({
  page,
}) => {
  await signedInWithOrg(page, "Retry", { onboarding: true });
  await page.goto("/dashboard");
  await toAgentStep(page);
  const dialog = wizard(page);
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.route(agentsApi, (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 500, json: { error: "Boom", code: "internal" } })
      : route.continue(),
  );
  await dialog.getByRole("button", { name: "Create Agent" }).click();
  await expect(
    page.getByText("There was an error setting up your agent. You can complete the setup manually."),
  ).toBeVisible();
  expect(errors.some((e) => e.includes("Onboarding"))).toBe(true);
  await expect(dialog.getByText("Step 3 of 4")).toBeVisible();

  await page.unroute(agentsApi);
  await dialog.getByRole("button", { name: "Create Agent" }).click();
  await expect(dialog.getByRole("heading", { name: "You're All Set!" })).toBeVisible();
  await dialog.getByRole("button", { name: "Explore Control Hub" }).click();
  await expect(page).toHaveURL(/\/control-hub$/);
  await expect(wizard(page)).toHaveCount(0);
  await expect(page.getByText("Onboarding Bot").or(page.getByText("My First Agent")).first()).toBeVisible();
});

test.describe("at 1366×768", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("issue 17 #13: step 3's Back and Create Agent are in view without scrolling inside the dialog", async ({
    page,
  }) => {
    await signedInWithOrg(page, "Small Screen", { onboarding: true });
    await page.goto("/dashboard");
    await toAgentStep(page);
    const dialog = wizard(page);
    await expect(dialog.getByRole("button", { name: "Create Agent" })).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole("button", { name: "Back" })).toBeInViewport({ ratio: 1 });
    // The step itself is taller than the dialog: it scrolls, the buttons stay.
    await dialog.getByRole("checkbox", { name: "Execute Python" }).scrollIntoViewIfNeeded();
    await expect(dialog.getByRole("button", { name: "Create Agent" })).toBeInViewport({ ratio: 1 });
  });
});

test("issue 17 #4: a key the provider refuses sends the wizard back to the provider step with the provider's words", async ({
  page,
}) => {
  await signedInWithOrg(page, "Refused Key", { onboarding: true });
  await page.goto("/dashboard");
  await wizard(page).getByRole("button", { name: "Get Started" }).click();
  await wizard(page)
    .getByRole("radio", { name: /OpenAI/ })
    .click();
  await wizard(page).getByLabel("API Key").fill(`sk-${FAKE_REJECTED_KEY}-9876`);
  await wizard(page).getByRole("button", { name: "Next" }).click();
  await wizard(page).getByRole("button", { name: "Create Agent" }).click();

  await expect(
    page.getByText("There was an error setting up your agent. You can complete the setup manually."),
  ).toBeVisible();
  await expect(wizard(page).getByText("Step 2 of 4")).toBeVisible();
  await expect(wizard(page).getByText(/^OpenAI refused this API key \(HTTP 401\)/)).toBeVisible();
  await wizard(page).getByLabel("API Key").fill("sk-test");
  await wizard(page).getByRole("button", { name: "Next" }).click();
  await wizard(page).getByRole("button", { name: "Create Agent" }).click();
  await expect(page.getByText("Your first agent has been created!")).toBeVisible();
});
