// Issue 17: edit a sent message and resend it (decision 090: what followed it is replaced), and
// Regenerate the last reply. Checked on screen and after a reload, which shows what the server kept.
import { chatReady, messageBox } from "./chat-support";
import { expect, test } from "./support/fixtures";

test("issue 17: a sent message is edited and resent, replacing what followed; Regenerate answers the last message again", async ({
  page,
}) => {
  await chatReady(page, { name: "Editor" });
  await page.goto("/chat");
  const main = page.getByRole("main");
  for (const text of ["first question", "second question"]) {
    await messageBox(page).fill(text);
    await messageBox(page).press("Enter");
    await expect(main.getByText(`You said: ${text}`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Stop generation" })).toHaveCount(0);
  }
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);

  // Edit the first message: the box starts with its text; Cancel leaves everything as it was.
  await main.getByRole("button", { name: "Edit", exact: true }).first().click();
  const box = main.getByRole("textbox", { name: "Edit message" });
  await expect(box).toHaveValue("first question");
  await main.getByRole("button", { name: "Cancel" }).click();
  await expect(box).toHaveCount(0);
  await expect(main.getByText("You said: second question")).toBeVisible();

  await main.getByRole("button", { name: "Edit", exact: true }).first().click();
  await box.fill("first question, rephrased");
  await main.getByRole("button", { name: "Send", exact: true }).click();
  await expect(main.getByText("You said: first question, rephrased")).toBeVisible();
  await expect(main.getByText("second question", { exact: true })).toHaveCount(0);
  await expect(main.getByText("You said: second question")).toHaveCount(0);

  // Regenerate the last reply: it is answered again, not stored twice.
  await expect(page.getByRole("button", { name: "Stop generation" })).toHaveCount(0);
  const replies = main.getByText("You said: first question, rephrased");
  const resent = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/chat");
  await main.getByRole("button", { name: "Regenerate" }).click();
  const body = (await resent).postDataJSON() as { messages: Array<{ content: string }>; replaceFrom?: string };
  expect(body.messages.map((m) => m.content)).toEqual(["first question, rephrased"]);
  expect(body.replaceFrom).toBeUndefined();
  await expect(page.getByRole("button", { name: "Stop generation" })).toHaveCount(0);
  await expect(replies).toHaveCount(1);

  await page.reload();
  await expect(main.getByText("first question, rephrased", { exact: true })).toBeVisible();
  await expect(main.getByText("You said: first question, rephrased")).toHaveCount(1);
  await expect(main.getByText("first question", { exact: true })).toHaveCount(0);
  await expect(main.getByText("second question", { exact: true })).toHaveCount(0);
  await expect(main.locator("[data-role]")).toHaveCount(2);
  // The conversation is listed under its edited first message.
  await expect(page.getByRole("link", { name: "first question, rephrased" })).toBeVisible();
});
