// The outbound guard in the running server: the e2e app runs with OUTBOUND_ALLOW_HOSTS=127.0.0.1,localhost
// (playwright.config.ts), which opens loopback for tools but must not open the app's own port (security #8).
import type { Page } from "@playwright/test";
import { chatReady, messageBox } from "./chat-support";
import { expect, test } from "./support/fixtures";

const FAKE_PROVIDER_PORT = Number(process.env.E2E_FAKE_PROVIDER_PORT ?? 3199);

async function callApi(page: Page, url: string) {
  await page.goto("/chat");
  await messageBox(page).fill(`[tool:call_api {"endpoint_url":"${url}","request_type":"GET"}]`);
  await messageBox(page).press("Enter");
  return page.locator('[data-tool="call_api"]');
}

test("security #8: a host-only allow-list entry reaches another loopback port but never the app's own API", async ({
  page,
}) => {
  await chatReady(page, { name: "Caller", tools: { call_api: true } });
  await page.goto("/chat");
  const appPort = new URL(page.url()).port;

  for (const host of ["127.0.0.1", "localhost"]) {
    const card = await callApi(page, `http://${host}:${appPort}/api/health`);
    await expect(
      card.getByRole("button", { name: "Error calling API: Connections to this server's own address are not allowed" }),
    ).toBeVisible();
  }

  const other = await callApi(page, `http://127.0.0.1:${FAKE_PROVIDER_PORT}/v1/models`);
  await expect(other.getByRole("button", { name: /^Called GET / })).toBeVisible();
});
