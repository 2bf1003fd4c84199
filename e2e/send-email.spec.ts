// send_email with the agent's "ask before sending" (decision 061), end to end: the drafted email shows
// in the chat with Send / Cancel, survives a reload, and Send delivers it to the SMTP server (a real
// one on loopback); Cancel sends nothing and the card says so.
import type { Page } from "@playwright/test";
import { readInbox } from "./support/fake-smtp";
import { chatReady, messageBox } from "./chat-support";
import { expect, test } from "./support/fixtures";

const inbox = () => readInbox(process.env.SB_E2E_SMTP_INBOX!);
const unique = () => Math.random().toString(36).slice(2, 10);

async function draftEmail(page: Page, to: string, subject: string) {
  await chatReady(page, {
    name: "Mailer",
    tools: { send_email: { enabled: true, config: { askBeforeSending: true } } },
  });
  await page.goto("/chat");
  const args = { to: [to], subject, html: "<p>Numbers are <b>up</b></p><script>document.title='x'</script>" };
  await messageBox(page).fill(`[tool:send_email ${JSON.stringify(args)}]`);
  await messageBox(page).press("Enter");
  const card = page.locator('[data-tool="send_email"]');
  const draft = card.getByRole("region", { name: "Email draft" });
  await expect(draft).toBeVisible();
  return { card, draft };
}

test("[TOOL-30] [TOOL-31] with ask before sending the draft shows in the chat, survives a reload, and Send delivers it", async ({
  page,
}) => {
  const to = `e2e-${unique()}@example.com`;
  const subject = `Quarterly update ${unique()}`;
  const first = await draftEmail(page, to, subject);
  let draft = first.draft;
  await expect(draft).toContainText(to);
  await expect(draft).toContainText(subject);
  await expect(draft.frameLocator('iframe[title="Email body"]').locator("body")).toHaveText("Numbers are up");
  expect(inbox().some((m) => m.to.includes(to))).toBe(false);

  // The draft is stored on the server: a reload shows it again.
  await page.reload();
  const card = page.locator('[data-tool="send_email"]');
  draft = card.getByRole("region", { name: "Email draft" });
  await expect(draft).toContainText(subject);

  await draft.getByRole("button", { name: "Send" }).click();
  await expect(card.getByRole("button", { name: "Email sent to 1 recipient(s)" })).toBeVisible();
  await expect(draft).toHaveCount(0);
  await expect.poll(() => inbox().find((m) => m.to.includes(to))?.subject).toBe(subject);
  const mail = inbox().find((m) => m.to.includes(to))!;
  expect(mail.to).toEqual([to]);
  expect(mail.from).toBe("noreply@switchboard.test");
  expect(mail.html).toContain("<p>Numbers are <b>up</b></p>");
  expect(mail.html).not.toContain("script");
  await card.getByRole("button", { name: "Email sent to 1 recipient(s)" }).click();
  await expect(card.getByRole("region", { name: "Output" })).toContainText("Email sent to 1 recipient(s).");
});

test("Cancel on the draft sends nothing and the card says the email was not sent", async ({ page }) => {
  const to = `e2e-cancel-${unique()}@example.com`;
  const { card, draft } = await draftEmail(page, to, `Never sent ${unique()}`);
  await draft.getByRole("button", { name: "Cancel" }).click();
  await expect(card.getByRole("button", { name: "Email to 1 recipient(s) not sent" })).toBeVisible();
  await expect(page.getByText("The tool finished. Here is the summary.")).toBeVisible();
  expect(inbox().some((m) => m.to.includes(to))).toBe(false);
});
