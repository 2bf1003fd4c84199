import { post, testPostgres } from "./control-hub-support";
import { chatReady, createAgentViaApi, messageBox } from "./chat-support";
import { expect, test } from "./support/fixtures";

test("[TOOLCARD-03] [TOOLCARD-04] [TOOLCARD-05] [SUB-01] [SUB-03] [SUB-04] [SUB-05] [SUB-06] [MSG-12] expand a tool card and open the sub-conversation", async ({
  page,
}) => {
  const { agents } = await chatReady(page, { name: "Helper", description: "Answers for others" });
  const lead = await createAgentViaApi(page, {
    name: "Lead",
    tools: { call_agent: { enabled: true, config: { callableAgentIds: [agents[0]!.id] } } },
  });
  await page.goto(`/chat?agent=${lead.id}`);
  await messageBox(page).fill(`[tool:call_agent {"message":"ping from lead","agentId":${agents[0]!.id}}]`);
  await messageBox(page).press("Enter");

  const card = page.locator('[data-tool="call_agent"]');
  await expect(card.getByRole("button", { name: /Response from Helper/ })).toBeVisible();
  await expect(page.getByText("The tool finished. Here is the summary.")).toBeVisible();
  // Collapsed by default; a click shows Configuration and Output.
  await expect(card.getByRole("region", { name: "Configuration" })).toHaveCount(0);
  await card.getByRole("button", { name: /Response from Helper/ }).click();
  await expect(card.getByRole("region", { name: "Configuration" })).toContainText("ping from lead");
  await expect(card.getByRole("region", { name: "Output" })).toContainText("You said: ping from lead");

  await card.getByRole("button", { name: "View sub-conversation" }).click();
  const dialog = page.getByRole("dialog", { name: "Sub-conversation Details" });
  await expect(dialog.getByText("View the AI-to-AI conversation that occurred during tool execution.")).toBeVisible();
  await expect(dialog.getByText("Agent-to-Agent")).toBeVisible();
  await expect(dialog.getByText("2 messages")).toBeVisible();
  await expect(dialog.getByText("You said: ping from lead")).toBeVisible();
});

test("[TOOLCARD-07] [TOOLCARD-27] a failing tool shows its error card", async ({ page }) => {
  await chatReady(page, { name: "Scraper", tools: { call_api: true } });
  await page.goto("/chat");
  await messageBox(page).fill(`[tool:call_api {"url":"http://10.0.0.1/secret","method":"GET"}]`);
  await messageBox(page).press("Enter");
  const card = page.locator('[data-tool="call_api"]');
  await expect(card.getByRole("button", { name: /^Error calling API: / })).toBeVisible();
  await card.getByRole("button", { name: /^Error calling API: / }).click();
  await expect(card.getByRole("region", { name: "Output" })).toContainText("Error: call_api failed");
});

test("[MSG-01] [MSG-02] [MSG-03] [MSG-05] [MSG-06] [MSG-07] markdown replies with safe links and Copy", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await chatReady(page, { name: "Writer" });
  await page.goto("/chat");
  await messageBox(page).fill("**bold** and [site](https://example.com) and [bad](javascript:alert(1))");
  await messageBox(page).press("Enter");
  const reply = page.locator('[data-role="assistant"]');
  await expect(reply.locator("strong", { hasText: "bold" })).toBeVisible();
  await expect(reply.getByRole("link", { name: "site" })).toHaveAttribute("rel", "nofollow noopener noreferrer");
  await expect(reply.getByRole("link", { name: "site" })).toHaveAttribute("target", "_blank");
  await expect(reply.getByRole("link", { name: "bad" })).toHaveCount(0);
  await expect(page.locator('[data-role="user"]')).toBeVisible();
  await reply.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByText("Copied to clipboard!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("**bold**");
});

test("[TOOL-23] [TOOLCARD-18] an agent queries the connected PostgreSQL and the card shows the rows as a table", async ({
  page,
}) => {
  const pg = testPostgres();
  if (!pg && process.env.CI === "true") throw new Error("CI=true needs TEST_DATABASE_URL for the postgres_sql test.");
  test.skip(!pg, "TEST_DATABASE_URL is not set");
  await chatReady(page);
  // The tool needs the integration before an agent may use it (TOOL-04).
  await post(page.request, "/api/updateConnections", { action: "create", key: "postgres", data: pg });
  await createAgentViaApi(page, { name: "Analyst", tools: { postgres_sql: true } });
  await page.goto("/chat");
  await messageBox(page).fill(
    `[tool:postgres_sql {"query":"select g as n, 'row ' || g as label from generate_series(1, 3) g","row_limit":2}]`,
  );
  await messageBox(page).press("Enter");

  const card = page.locator('[data-tool="postgres_sql"]');
  const pill = card.getByRole("button", { name: "PostgreSQL query executed (row limit 2)" });
  await expect(pill).toBeVisible();
  await pill.click();
  const output = card.getByRole("region", { name: "Output" });
  await expect(output.getByRole("columnheader")).toHaveText(["n", "label"]);
  await expect(output.getByRole("row")).toHaveCount(3); // the header and the two rows the limit allows
  await expect(output.getByRole("cell", { name: "row 2" })).toBeVisible();
  await expect(output).toContainText("the query returned more than the row limit of 2");
});
