// The Tasks tab in a real Chromium against the real server and scheduler: create a task with a preset,
// toggle it, Run Now, watch the history show the completed run with its duration, open View Chat.
import type { Locator, Page } from "@playwright/test";
import { chatReady, createAgentViaApi } from "./chat-support";
import { connectOpenAIViaApi, memberOfNewOrg, post } from "./control-hub-support";
import { uniqueName } from "./support/app";
import { expect, test } from "./support/fixtures";

const TASKS_PAGE = "/control-hub/scheduled-tasks";
const READ_ONLY = "You have read-only access. Only organization admins can change these settings.";

/** The first load after sign-in builds the shell; a busy machine can take longer than the default wait. */
const FIRST_LOAD = { timeout: 45_000 };

const taskRow = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

async function openRowMenu(page: Page, name: string): Promise<Locator> {
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
  return page.getByRole("menu");
}

test("[TASK-01] [TASK-04] [TASK-06] [TASK-12] [TASK-13] [TASK-23] [TASK-25] [TASK-29] [TASK-30] [TASK-41] [TASK-44] [TASK-45] [TASK-46] create a task with a preset, toggle it, Run Now, see it complete in the history and open its chat", async ({
  page,
  context,
}) => {
  await chatReady(page, { name: "Digest Bot" }, { name: "Drafter", stage: "development" });
  await page.goto(TASKS_PAGE);
  await expect(page.getByRole("heading", { name: "Scheduled Tasks", exact: true })).toBeVisible(FIRST_LOAD);
  await expect(page.getByText("No scheduled tasks")).toBeVisible();
  await expect(page.getByText("Create your first scheduled task to get started")).toBeVisible();
  await expect(page.getByText(READ_ONLY)).toHaveCount(0);

  // Create, with a preset.
  await page.getByRole("button", { name: "Create Task" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Task" });
  const name = uniqueName("Morning digest");
  await dialog.getByLabel("Task Name").fill(name);
  await dialog.getByRole("combobox", { name: "Agent" }).click();
  await expect(page.getByRole("option", { name: /Drafter/ })).toContainText("Development");
  await page.getByRole("option", { name: /Digest Bot/ }).click();
  const submit = dialog.getByRole("button", { name: "Create Task" });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel("Schedule Expression").fill("0 9 * *");
  await expect(dialog.getByRole("region", { name: "Schedule Preview" })).toContainText(
    "Invalid cron expression: expected 5 parts (minute hour day month weekday), got 4.",
  );
  await dialog.getByRole("group", { name: "Quick presets" }).getByRole("button", { name: "Weekdays" }).click();
  await expect(dialog.getByLabel("Schedule Expression")).toHaveValue("0 9 * * 1-5");
  const preview = dialog.getByRole("region", { name: "Schedule Preview" });
  await expect(preview).toContainText("Weekdays at 9:00 AM");
  await expect(preview).not.toContainText("Invalid");
  await dialog.getByLabel("Prompt").fill("Give me the morning summary");
  await expect(submit).toBeEnabled();
  // TASK-46: toasts sit at the top right of the window. Read where the toast appears the moment it does
  // (it dismisses itself after a few seconds).
  const placement = page.waitForFunction((text) => {
    const toast = [...document.querySelectorAll<HTMLElement>("[data-sonner-toast]")].find((t) =>
      t.textContent?.includes(text),
    );
    if (!toast) return null;
    const box = toast.getBoundingClientRect();
    return {
      y: toast.dataset.yPosition,
      x: toast.dataset.xPosition,
      nearTop: box.top < window.innerHeight / 3,
      nearRight: box.right > window.innerWidth / 2 && box.left > window.innerWidth / 3,
    };
  }, `Task "${name}" created successfully`);
  await submit.click();
  expect(await (await placement).jsonValue()).toEqual({ y: "top", x: "right", nearTop: true, nearRight: true });
  await expect(dialog).toBeHidden();

  const row = taskRow(page, name);
  await expect(row).toContainText("Digest Bot");
  await expect(row).toContainText("Weekdays at 9:00 AM");
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Never");

  // Toggle off: Run Now is disabled; toggle on again.
  const toggle = row.getByRole("switch", { name: `Enable ${name}` });
  await toggle.click();
  await expect(page.getByText(`Task "${name}" disabled`)).toBeVisible();
  await expect(row).toContainText("Disabled");
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  let menu = await openRowMenu(page, name);
  await expect(menu.getByRole("menuitem", { name: "Run Now" })).toHaveAttribute("aria-disabled", "true");
  await page.keyboard.press("Escape");
  await toggle.click();
  await expect(page.getByText(`Task "${name}" enabled`)).toBeVisible();
  await expect(row).toContainText("Active");

  // Run Now, then watch the history.
  menu = await openRowMenu(page, name);
  await menu.getByRole("menuitem", { name: "Run Now" }).click();
  await expect(page.getByText(`Task "${name}" scheduled for immediate execution`)).toBeVisible();
  await expect(row).toContainText("Just now");
  menu = await openRowMenu(page, name);
  await menu.getByRole("menuitem", { name: "View History" }).click();
  const history = page.getByRole("dialog", { name });
  await expect(history.getByText("Digest Bot")).toBeVisible();
  const execution = history.getByTestId("execution-row");
  await expect(execution).toHaveCount(1);
  await expect(execution.getByText("Completed")).toBeVisible({ timeout: 30_000 });
  await expect(execution.getByRole("cell").nth(2)).toHaveText(/^(\d+s|\d+m \d+s)$/);
  await expect(history.getByRole("group", { name: "Total" })).toContainText("1");
  await expect(history.getByRole("group", { name: "Completed" })).toContainText("1");
  await expect(history.getByRole("group", { name: "Success Rate" })).toContainText("100.0%");

  await execution.getByRole("button", { name: "Details" }).click();
  await expect(history.locator("pre")).toContainText('"trigger": "manual"');

  // View Chat opens the run's conversation in a new tab.
  const [chat] = await Promise.all([
    context.waitForEvent("page"),
    execution.getByRole("link", { name: "View Chat" }).click(),
  ]);
  await expect(chat).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(chat.getByRole("main").getByText("Give me the morning summary", { exact: true })).toBeVisible();
  await expect(chat.getByText("You said: Give me the morning summary")).toBeVisible();
  await chat.close();
});

test("[TASK-07] [TASK-16] [TASK-42] [TASK-43] [TASK-02] [TASK-09] edit a task, search for it, then delete it after the confirm", async ({
  page,
}) => {
  const { agents } = await chatReady(page, { name: "Digest Bot" });
  const name = uniqueName("Report");
  await post(page.request, "/api/scheduled-tasks/manage", {
    name,
    description: "For the team",
    agentId: agents[0]!.id,
    prompt: "Write the report",
    schedule: "weekly",
    enabled: true,
  });
  await page.goto(TASKS_PAGE);
  const row = taskRow(page, name);
  await expect(row).toContainText("Every Monday at 9:00 AM", FIRST_LOAD);

  let menu = await openRowMenu(page, name);
  await menu.getByRole("menuitem", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Task" });
  await expect(dialog.getByLabel("Task Name")).toHaveValue(name);
  await dialog.getByRole("button", { name: "Twice daily" }).click();
  await dialog.getByRole("button", { name: "Update Task" }).click();
  await expect(page.getByText("Task updated successfully")).toBeVisible();
  await expect(row).toContainText("Daily at 9:00 AM and 9:00 PM");

  const search = page.getByRole("searchbox", { name: "Search tasks" });
  await search.fill("FOR THE TEAM");
  await expect(row).toBeVisible();
  await search.fill("nothing like it");
  await expect(page.getByText("No tasks match your search")).toBeVisible();
  await search.fill("");

  menu = await openRowMenu(page, name);
  await menu.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Task" });
  await expect(confirm).toContainText(
    `Are you sure you want to delete "${name}"? This action cannot be undone. All execution history will be preserved.`,
  );
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText(`Task "${name}" deleted successfully`)).toBeVisible();
  await expect(page.getByText("No scheduled tasks")).toBeVisible();
});

test("[TASK-01] a member manages their own tasks without the read-only notice and does not see an admin's", async ({
  page,
  browser,
}) => {
  const { member, close } = await memberOfNewOrg(page, browser);
  try {
    await connectOpenAIViaApi(page);
    const agent = await createAgentViaApi(page, { name: "Shared Bot" });
    const adminTask = uniqueName("Admin only");
    await post(page.request, "/api/scheduled-tasks/manage", {
      name: adminTask,
      agentId: agent.id,
      prompt: "Hello",
      schedule: "daily",
      enabled: true,
    });

    await member.goto(TASKS_PAGE);
    await expect(member.getByRole("heading", { name: "Scheduled Tasks", exact: true })).toBeVisible(FIRST_LOAD);
    await expect(member.getByText("No scheduled tasks")).toBeVisible();
    await expect(member.getByText(READ_ONLY)).toHaveCount(0);
    await expect(member.getByText(adminTask)).toHaveCount(0);

    await member.getByRole("button", { name: "Create Task" }).click();
    const dialog = member.getByRole("dialog", { name: "Create Task" });
    const name = uniqueName("Mine");
    await dialog.getByLabel("Task Name").fill(name);
    await dialog.getByRole("combobox", { name: "Agent" }).click();
    await member.getByRole("option", { name: /Shared Bot/ }).click();
    await dialog.getByRole("button", { name: "Hourly" }).click();
    await dialog.getByLabel("Prompt").fill("Check in");
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await expect(member.getByText(`Task "${name}" created successfully`)).toBeVisible();
    await expect(taskRow(member, name)).toContainText("Every hour");
  } finally {
    await close();
  }
});
