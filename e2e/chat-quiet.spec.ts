// Issue 17 #1: a chat makes only the requests the app means to make. The chat library keeps its state
// under SWR keys such as [api, chatId, "messages"]; a global fetcher once turned them into
// GET /api/chat,<id>,status … (about 48 404s per streamed reply). Any 4xx/5xx or console error fails.
import { chatReady, messageBox } from "./chat-support";
import { expect, test } from "./support/fixtures";

test("a chat from the picker through a streamed reply and a reload makes no failing request and logs no error", async ({
  page,
}) => {
  const failures: string[] = [];
  page.on("response", (res) => {
    if (res.status() >= 400) failures.push(`${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
  });
  page.on("requestfailed", (req) => {
    // A stream the page itself ends on navigation is not a failure of the app.
    if (!/ERR_ABORTED/.test(req.failure()?.errorText ?? ""))
      failures.push(`failed ${req.method()} ${new URL(req.url()).pathname}`);
  });
  page.on("console", (m) => m.type() === "error" && failures.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => failures.push(`pageerror: ${e.message}`));

  await chatReady(page, { name: "Atlas" });
  await page.goto("/chat");
  await messageBox(page).fill("[long] tell me a story");
  await messageBox(page).press("Enter");
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByText(/This is a long streaming reply that keeps going\./).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Stop generation" })).toHaveCount(0, { timeout: 30_000 });
  await page.reload();
  await expect(page.getByRole("main").getByText("[long] tell me a story", { exact: true })).toBeVisible();
  await expect(page.getByText(/This is a long streaming reply/).first()).toBeVisible();

  expect(failures).toEqual([]);
});
