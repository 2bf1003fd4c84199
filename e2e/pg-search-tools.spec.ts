// The Postgres searches in the browser: an agent with keyword_search_pg and hybrid_search_pg searches a
// table seeded in the test run's PostgreSQL (pgvector; rows embedded as the fake provider embeds the
// query), and each card shows its status line and the hits as titled items.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { post, testPostgres } from "./control-hub-support";
import { chatReady, createAgentViaApi, messageBox } from "./chat-support";
import { fakeEmbedding } from "./support/fake-provider";
import { expect, test } from "./support/fixtures";

const ROWS = [
  ["Refund policy", "Customers may request a refund within 30 days of purchase."],
  ["Refund exceptions", "Gift cards and sale items cannot be refunded."],
  ["Office hours", "The office is open from nine to five on weekdays."],
  ["Password rules", "Passwords must be rotated every ninety days."],
] as const;

test("[TOOL-24] [TOOL-26] [TOOL-28] [TOOLCARD-34] an agent searches a PostgreSQL table by keyword and by hybrid search; the cards show the items", async ({
  page,
}) => {
  const creds = testPostgres();
  if (!creds && process.env.CI === "true")
    throw new Error("CI=true needs TEST_DATABASE_URL for the Postgres searches.");
  test.skip(!creds, "TEST_DATABASE_URL is not set");
  const schema = `e2e_pgs_${randomUUID().slice(0, 8)}`;
  const table = `${schema}.handbook`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`create extension if not exists vector`);
    await admin.query(`create schema ${schema}`);
    await admin.query(
      `create table ${table} (id serial primary key, title text, content text, embedding vector(1536))`,
    );
    for (const [title, content] of ROWS)
      await admin.query(`insert into ${table} (title, content, embedding) values ($1, $2, $3)`, [
        title,
        content,
        JSON.stringify(fakeEmbedding(`${title} ${content}`, 1536)),
      ]);

    await chatReady(page);
    await post(page.request, "/api/updateConnections", { action: "create", key: "postgres", data: creds });
    await post(page.request, "/api/updateModelPreferences", {
      action: "set_default",
      key: "embedding",
      data: "openai:text-embedding-3-small",
    });
    await createAgentViaApi(page, { name: "Librarian", tools: { keyword_search_pg: true, hybrid_search_pg: true } });
    await page.goto("/chat");

    await messageBox(page).fill(`[tool:keyword_search_pg {"keyword":"refund","table_name":"${table}"}]`);
    await messageBox(page).press("Enter");
    const keyword = page.locator('[data-tool="keyword_search_pg"]');
    const keywordPill = keyword.getByRole("button", { name: `Searched ${table} for "refund"` });
    await expect(keywordPill).toBeVisible();
    await expect(page.getByText("The tool finished. Here is the summary.")).toBeVisible();
    await keywordPill.click();
    const keywordItems = keyword.getByRole("region", { name: "Output" }).getByRole("listitem");
    await expect(keywordItems).toHaveCount(2);
    await expect(keywordItems.first()).toContainText("Refund policy");
    await expect(keywordItems.first()).toContainText("Customers may request a refund within 30 days of purchase.");

    await messageBox(page).fill(
      `[tool:hybrid_search_pg {"query":"when is the office open","table_name":"${table}","top_k":2}]`,
    );
    await messageBox(page).press("Enter");
    const hybrid = page.locator('[data-tool="hybrid_search_pg"]');
    const hybridPill = hybrid.getByRole("button", { name: `Searched ${table} for "when is the office open"` });
    await expect(hybridPill).toBeVisible();
    await hybridPill.click();
    await expect(hybrid.getByRole("region", { name: "Configuration" })).toContainText("when is the office open");
    const hybridItems = hybrid.getByRole("region", { name: "Output" }).getByRole("listitem");
    await expect(hybridItems).toHaveCount(2);
    await expect(hybridItems.first()).toContainText("Office hours");
    await expect(hybridItems.first()).toContainText("The office is open from nine to five on weekdays.");

    // A table without a vector column: the card's failure line names the table and the query.
    await admin.query(`create table ${schema}.plain (content text)`);
    await messageBox(page).fill(`[tool:hybrid_search_pg {"query":"anything","table_name":"${schema}.plain"}]`);
    await messageBox(page).press("Enter");
    await expect(page.getByRole("button", { name: `Failed to search ${schema}.plain for "anything"` })).toBeVisible();
  } finally {
    await admin.query(`drop schema if exists ${schema} cascade`).catch(() => {});
    await admin.end();
  }
});
