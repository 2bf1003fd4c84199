// Decision 102: a member whose Sheets call fails because they have not linked Google connects their own
// account from the tool card, through the loopback Google (e2e/support/fake-google.ts, which also
// answers the Sheets API v4 with the tokens it issued), comes back to the same chat, and asks again.
import { createAgentViaApi, messageBox } from "./chat-support";
import type { Page } from "@playwright/test";
import { connectionCard, connectOpenAIViaApi, memberOfNewOrg } from "./control-hub-support";
import { expect, test } from "./support/fixtures";

const FAKE_GOOGLE = `http://127.0.0.1:${Number(process.env.E2E_FAKE_GOOGLE_PORT ?? 3198)}`;
const NOT_CONNECTED =
  "Error reading Google Sheet: Google Sheets is not connected for your account. Use Connect with Google on this tool card to link your Google account, then ask again.";

/** At "Google": sign in as `login`, see the spreadsheets scope on the consent page, approve. */
async function approveAtGoogle(p: Page, login: string) {
  await expect(p.getByRole("heading", { name: "Sign-in" })).toBeVisible();
  await p.getByPlaceholder("Enter any login").fill(login);
  await p.getByPlaceholder("and password").fill("any-password");
  await p.getByRole("button", { name: "Sign-in" }).click();
  await expect(p.getByRole("heading", { name: "Authorize" })).toBeVisible();
  await expect(
    p.getByRole("listitem").getByText("https://www.googleapis.com/auth/spreadsheets", { exact: true }),
  ).toBeVisible();
  await p.getByRole("button", { name: "Continue" }).click();
}

test("[TOOL-05] a member without Google connects it from the failed Sheets card, returns to the chat and the Sheets call then works", async ({
  page,
  browser,
}) => {
  // Two users in two browser contexts: about three times a one-user scenario on a busy two-core machine.
  test.slow();
  const sheetId = `1MemberSheet${Date.now().toString(36)}`;
  const seeded = await fetch(`${FAKE_GOOGLE}/__test/spreadsheets/${sheetId}`, {
    method: "PUT",
    body: JSON.stringify([
      {
        title: "Budget",
        rows: [
          ["Team", "Spend"],
          ["Design", "1200"],
          ["Sales", "3400"],
        ],
      },
    ]),
  });
  expect(seeded.status).toBe(204);

  const { member, close } = await memberOfNewOrg(page, browser);
  try {
    await connectOpenAIViaApi(page);
    // The admin connects Google Sheets with their own Google account, so that agents may use its tools.
    await page.goto("/control-hub/integrations");
    const card = connectionCard(page, "Google Sheets");
    await card.getByRole("button", { name: "Connect with Google for Google Sheets", exact: true }).click();
    await approveAtGoogle(page, `admin-sheets-${Date.now()}@workspace.test`);
    await expect(card.getByText("Connected", { exact: true })).toBeVisible();
    await createAgentViaApi(page, { name: "Ledger", tools: { read_google_sheet: true } });
    const ask = `[tool:read_google_sheet {"sheet_id":"${sheetId}"}]`;

    await member.goto("/chat");
    await messageBox(member).fill(ask);
    await messageBox(member).press("Enter");
    const failed = member.locator('[data-tool="read_google_sheet"]').first();
    await expect(failed.getByRole("button", { name: NOT_CONNECTED })).toBeVisible();
    await expect(
      failed.getByText("Google Sheets needs your own Google account: connect it, then ask again."),
    ).toBeVisible();
    await expect(member).toHaveURL(/\/chat\/[^/?]+$/);
    const chatUrl = member.url();

    await failed.getByRole("button", { name: "Connect with Google", exact: true }).click();
    await approveAtGoogle(member, `mia-sheets-${Date.now()}@workspace.test`);

    // Back in the same conversation; the old card now knows the account is there.
    await expect(member).toHaveURL(chatUrl);
    await expect(
      failed.getByText("Your Google account is connected now. Ask again to use Google Sheets."),
    ).toBeVisible();

    await messageBox(member).fill(ask);
    await messageBox(member).press("Enter");
    const retried = member.locator('[data-tool="read_google_sheet"]').nth(1);
    const pill = retried.getByRole("button", { name: "Read Google Sheet" }).first();
    await expect(pill).toBeVisible();
    await pill.click();
    const output = retried.getByRole("region", { name: "Output" });
    await expect(output).toContainText("Sales");
    await expect(output).toContainText("3400");
    await expect(retried.getByRole("button", { name: "Connect with Google", exact: true })).toHaveCount(0);
  } finally {
    await close();
  }
});
