// The sidebar's conversation list (chat spec §2 "Conversation list item", §8), with conversations started
// through POST /api/chat against the loopback fake provider.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { connectOpenAIViaApi, post } from "./control-hub-support";
import { desktopSidebar, signedInWithOrg } from "./support/app";
import { expect, test } from "./support/fixtures";

const origin = () => new URL(String(test.info().project.use.baseURL)).origin;

/** Starts a conversation and reads its streamed reply to the end; returns the thread id. */
async function startConversation(page: Page, agentId: number, text: string): Promise<string> {
  const res = await page.request.post("/api/chat", {
    data: {
      agentId,
      threadId: null,
      timezone: "UTC",
      messages: [{ id: randomUUID(), role: "user", content: text, parts: [{ type: "text", text }] }],
    },
    headers: { origin: origin() },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return res.headers()["x-thread-id"]!;
}

async function withConversations(page: Page, texts: string[]) {
  await signedInWithOrg(page, "Convos");
  await connectOpenAIViaApi(page);
  const agent = await post(page.request, "/api/agents", { name: "Chatty", model: "openai:gpt-4.1" });
  const ids: string[] = [];
  for (const text of texts) ids.push(await startConversation(page, agent.id, text));
  return ids;
}

const list = (page: Page) => desktopSidebar(page).getByRole("list", { name: "Conversations", exact: true });
const menuFor = (page: Page, title: string) =>
  desktopSidebar(page).getByRole("button", { name: `Options for ${title}` });

test("[CONV-01] [CONV-02] [CONV-03] [CONV-16] the list shows each conversation by its first message, linked and active on its page", async ({
  page,
}) => {
  const [first, second] = await withConversations(page, ["  Plan the offsite  ", "Draft the newsletter"]);
  await page.goto("/dashboard");
  const firstLink = list(page).getByRole("link", { name: "Plan the offsite" });
  await expect(firstLink).toHaveAttribute("href", `/chat/${first}`);
  await expect(list(page).getByRole("link", { name: "Draft the newsletter" })).toHaveAttribute(
    "href",
    `/chat/${second}`,
  );
  // The agent has no logo: the default chat icon.
  await expect(firstLink.getByTestId("default-chat-icon")).toBeVisible();
  await expect(firstLink).not.toHaveAttribute("aria-current", "page");
  await page.goto(`/chat/${first}`);
  await expect(list(page).getByRole("link", { name: "Plan the offsite" })).toHaveAttribute("aria-current", "page");
  await expect(list(page).getByRole("link", { name: "Draft the newsletter" })).not.toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("[CONV-05] [CONV-07] [CONV-08] rename from the sidebar: the dialog starts empty, saves and refreshes the list", async ({
  page,
}) => {
  await withConversations(page, ["What is the capital of France?"]);
  await page.goto("/dashboard");
  await menuFor(page, "What is the capital of France?").click();
  await expect(page.getByRole("menuitem")).toHaveText(["Copy link", "Rename", "Delete"]);
  await page.getByRole("menuitem", { name: "Rename" }).click();
  const dialog = page.getByRole("dialog", { name: "Rename conversation" });
  const field = dialog.getByRole("textbox", { name: "Name" });
  await expect(field).toHaveValue("");
  await expect(field).toHaveAttribute("placeholder", "Name (optional)");
  await field.fill("Geography quiz");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Conversation renamed")).toBeVisible();
  await expect(list(page).getByRole("link", { name: "Geography quiz" })).toBeVisible();

  // Opening it again starts from the current name; clearing it falls back to the first message.
  await menuFor(page, "Geography quiz").click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  await expect(field).toHaveValue("Geography quiz");
  await field.fill("");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(list(page).getByRole("link", { name: "What is the capital of France?" })).toBeVisible();
});

test("[CONV-06] Copy link puts the conversation's absolute URL on the clipboard", async ({ page, context }) => {
  const [id] = await withConversations(page, ["Link me"]);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: origin() });
  await page.goto("/dashboard");
  await menuFor(page, "Link me").click();
  await page.getByRole("menuitem", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied to clipboard!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin()}/chat/${id}`);
});

test("[CONV-12] [CONV-13] delete asks first; deleting the open conversation returns to /chat", async ({ page }) => {
  const [keep, open] = await withConversations(page, ["Keep me", "Delete me"]);
  await page.goto(`/chat/${open}`);
  const asked: string[] = [];
  page.once("dialog", (d) => {
    asked.push(d.message());
    void d.dismiss();
  });
  await menuFor(page, "Delete me").click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await expect.poll(() => asked).toEqual(["Are you sure you want to delete this conversation?"]);
  await expect(list(page).getByRole("link", { name: "Delete me" })).toBeVisible();

  page.once("dialog", (d) => void d.accept());
  await menuFor(page, "Delete me").click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await expect(page.getByText("Conversation deleted")).toBeVisible();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(list(page).getByRole("link", { name: "Delete me" })).toHaveCount(0);
  await expect(list(page).getByRole("link", { name: "Keep me" })).toHaveAttribute("href", `/chat/${keep}`);
});

test("[CONV-14] a delete the server refuses shows its error", async ({ page }) => {
  const [id] = await withConversations(page, ["Gone elsewhere"]);
  await page.goto("/dashboard");
  await expect(menuFor(page, "Gone elsewhere")).toHaveCount(1);
  // Deleted in another tab meanwhile: the server answers 404 with its message.
  const res = await page.request.patch(`/api/deleteConversation?threadId=${id}`, { headers: { origin: origin() } });
  expect(res.ok()).toBeTruthy();
  page.once("dialog", (d) => void d.accept());
  await menuFor(page, "Gone elsewhere").click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await expect(page.getByText("Conversation not found")).toBeVisible();
});

test("[CONV-04] collapsed to icons, the conversations stay but have no menu", async ({ page }) => {
  await withConversations(page, ["Icon only"]);
  await page.goto("/dashboard");
  await expect(menuFor(page, "Icon only")).toHaveCount(1);
  await page.keyboard.press("ControlOrMeta+b");
  await expect(desktopSidebar(page)).toHaveAttribute("data-state", "collapsed");
  await expect(list(page).getByRole("link", { name: "Icon only" })).toBeVisible();
  await expect(desktopSidebar(page).getByRole("button", { name: /^Options for / })).toHaveCount(0);
  await page.keyboard.press("ControlOrMeta+b");
  await expect(menuFor(page, "Icon only")).toHaveCount(1);
});

test("[CONV-16] a chat started in the chat screen joins the list, and the list opens it again", async ({ page }) => {
  await withConversations(page, []);
  await page.goto("/chat");
  await expect(page.getByText("No conversations")).toBeVisible();
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill("Summarise the quarterly report");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const thread = new URL(page.url()).pathname;
  const item = list(page).getByRole("link", { name: "Summarise the quarterly report" });
  await expect(item).toHaveAttribute("aria-current", "page");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "New Chat" }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await item.click();
  await expect(page).toHaveURL(new RegExp(`${thread}$`));
  await expect(page.getByText("You said: Summarise the quarterly report")).toBeVisible();
});

test("issue 17: the sidebar searches conversations by title and message text; clearing the search brings the list back", async ({
  page,
}) => {
  await withConversations(page, ["Plan the offsite", "Draft the newsletter", "Quarterly numbers"]);
  await page.goto("/dashboard");
  const sidebar = desktopSidebar(page);
  const box = sidebar.getByRole("searchbox", { name: "Search conversations" });
  const matches = sidebar.getByRole("list", { name: "Matching conversations" });

  await box.fill("news");
  await expect(matches.getByRole("link")).toHaveText(["Draft the newsletter"]);
  await expect(list(page)).toHaveCount(0);
  // "said" is only in the replies ("You said: …"): message text is searched, not only titles.
  await box.fill("said");
  await expect(matches.getByRole("link")).toHaveCount(3);
  await box.fill("said quart");
  await expect(matches.getByRole("link")).toHaveText(["Quarterly numbers"]);
  await box.fill("zebra crossing");
  await expect(sidebar.getByText("No matching conversations")).toBeVisible();

  await sidebar.getByRole("button", { name: "Clear search" }).click();
  await expect(box).toHaveValue("");
  await expect(list(page).getByRole("link")).toHaveCount(3);
  await box.fill("offsite");
  await matches.getByRole("link", { name: "Plan the offsite" }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await box.press("Escape");
  await expect(list(page).getByRole("link")).toHaveCount(3);
});
