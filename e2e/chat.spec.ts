import { chatReady, messageBox } from "./chat-support";
import { expect, test } from "./support/fixtures";

test("[CHAT-05] [CHAT-06] [CHAT-07] [CHAT-08] [CHAT-14] [INPUT-01] [INPUT-09] choose an agent, send, and watch the reply stream into a new thread", async ({ page }) => {
  await chatReady(
    page,
    { name: "Atlas", description: "Answers questions", conversationStarters: ["Plan my week"] },
    { name: "Beta Bot", description: "Still learning", stage: "development" },
  );
  await page.goto("/chat");
  await expect(page.getByRole("heading", { name: "Choose Your AI Agent" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Active Agents" }).getByRole("button", { name: /Atlas/ })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("region", { name: "Development" }).getByRole("button", { name: /Beta Bot/ }).click();
  await expect(messageBox(page)).toHaveAttribute("placeholder", "Message Beta Bot... (or drag & drop files)");
  await page.getByRole("region", { name: "Active Agents" }).getByRole("button", { name: /Atlas/ }).click();
  await expect(page.getByRole("button", { name: "Plan my week" })).toBeVisible();

  await messageBox(page).fill("[slow] hello there");
  await messageBox(page).press("Enter");
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByText("You said: hello there")).toBeVisible();
  await expect(page.getByRole("button", { name: "Atlas" })).toBeVisible();
});
