// The dashboard's first-run welcome screen (hub spec §2 "Home dashboard", first bullet).
import type { Page } from "@playwright/test";
import { connectOpenAIViaApi, post } from "./control-hub-support";
import { signedInWithOrg } from "./support/app";
import { expect, test } from "./support/fixtures";

const step = (page: Page, n: number, title: string) => page.getByRole("group", { name: `Step ${n}: ${title}` });
const allSet = "You're all set! Start chatting with your agent or manage everything in Control Hub.";

test("[DASH-01] [DASH-02] [DASH-03] [DASH-04] [DASH-05] [DASH-06] [DASH-07] [DASH-08] the welcome screen walks from Step 1 to Step 2 to all set", async ({
  page,
}) => {
  await signedInWithOrg(page, "Welcome");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "AI Agent Dashboard" })).toBeVisible();
  await expect(page.getByText("Monitor and observe your AI agents' performance.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome to Switchboard" })).toBeVisible();
  await expect(page.getByText("Let's get you set up with your first AI agent.")).toBeVisible();

  // Nothing connected: Step 1 only.
  await expect(step(page, 1, "Connect an AI Provider").getByRole("link", { name: "Go to Providers" })).toHaveAttribute(
    "href",
    "/control-hub/providers",
  );
  await expect(step(page, 2, "Create Your First Agent")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Open Control Hub" })).toHaveAttribute("href", "/control-hub");
  await expect(page.getByRole("link", { name: "Start Chatting" })).toHaveCount(0);
  // No invented numbers while statistics are not built.
  await expect(page.getByText("No statistics yet")).toBeVisible();

  // A provider connected, no agents: Step 2.
  await connectOpenAIViaApi(page);
  await page.reload();
  await expect(step(page, 2, "Create Your First Agent").getByRole("link", { name: "Create Agent" })).toHaveAttribute(
    "href",
    "/control-hub/agents/new",
  );
  await expect(step(page, 1, "Connect an AI Provider")).toHaveCount(0);
  await expect(page.getByText(allSet)).toHaveCount(0);

  // Both done: the welcome screen gives way to the dashboard.
  await post(page.request, "/api/agents", { name: "Welcome Bot", model: "openai:gpt-4.1" });
  await page.reload();
  await expect(page.getByRole("heading", { name: "AI Agent Dashboard" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome to Switchboard" })).toHaveCount(0);

  // Agents but the provider disconnected again: Step 1 returns beside the all-set hint.
  await post(page.request, "/api/updateConnections", { action: "delete", key: "openai" });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Welcome to Switchboard" })).toBeVisible();
  await expect(page.getByText(allSet)).toBeVisible();
  await expect(step(page, 1, "Connect an AI Provider")).toBeVisible();
  await expect(page.getByRole("link", { name: "Start Chatting" })).toHaveAttribute("href", "/chat");
  await page.getByRole("link", { name: "Open Control Hub" }).click();
  await expect(page).toHaveURL(/\/control-hub$/);
});
