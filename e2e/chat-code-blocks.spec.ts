// Issue 17: code blocks in replies are highlighted by a chunk loaded only when one appears, in both
// themes, and each has a Copy button that puts its raw code on the clipboard.
import { chatReady, messageBox } from "./chat-support";
import { expect, test } from "./support/fixtures";

const origin = () => new URL(String(test.info().project.use.baseURL)).origin;
const CODE = 'const greeting: string = "hi";\nconsole.log(greeting);';

test("a fenced code block in a reply is highlighted in both themes and Copy code copies it", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: origin() });
  const highlighterLoads: string[] = [];
  page.on("request", (req) => {
    if (/\/assets\/highlight-[\w-]+\.js$/.test(req.url())) highlighterLoads.push(req.url());
  });
  await chatReady(page, { name: "Atlas" });
  await page.goto("/chat");
  await messageBox(page).fill("plain words first");
  await messageBox(page).press("Enter");
  await expect(page.getByText("You said: plain words first")).toBeVisible();
  // No code block yet: the highlighter has not been fetched.
  expect(highlighterLoads).toEqual([]);

  // The fake provider echoes the message, fence included.
  await messageBox(page).fill("show me\n```ts\n" + CODE + "\n```");
  await messageBox(page).press("Enter");
  await expect(page.getByText("You said: show me")).toBeVisible();
  const block = page.getByRole("figure", { name: "Code, ts" });
  await expect(block.locator("pre")).toHaveText(CODE);
  const keyword = block.locator(".hljs-keyword").first();
  await expect(keyword).toHaveText("const");
  await expect(block.locator(".hljs-string")).toHaveText('"hi"');
  expect(highlighterLoads).toHaveLength(1);
  const colour = () => keyword.evaluate((el) => getComputedStyle(el).color);
  expect(await colour()).toBe("rgb(207, 34, 46)");

  await block.getByRole("button", { name: "Copy code" }).click();
  await expect(block.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(CODE);
  await expect(block.getByRole("button", { name: "Copy code" })).toBeVisible();

  // Dark theme: the same tokens in the dark palette.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(block.locator(".hljs-keyword").first()).toHaveText("const");
  await expect.poll(colour).toBe("rgb(255, 123, 114)");
});
