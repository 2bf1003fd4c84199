// The dashboard's first-run welcome screen (hub spec §2 "Home dashboard", first bullet).
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { connectOpenAIViaApi, memberOfNewOrg, post } from "./control-hub-support";
import { createAgentViaApi, messageBox } from "./chat-support";
import { signedInWithOrg } from "./support/app";
import { expect, test } from "./support/fixtures";

const step = (page: Page, n: number, title: string) => page.getByRole("group", { name: `Step ${n}: ${title}` });
const tile = (page: Page, label: string) => page.getByRole("group", { name: label, exact: true });
const allSet = "You're all set! Start chatting with your agent or manage everything in Control Hub.";

test("[DASH-01] [DASH-02] [DASH-03] [DASH-04] [DASH-05] [DASH-06] [DASH-07] [DASH-08] the welcome screen walks from Step 1 to Step 2 to all set", async ({
  page,
}) => {
  await signedInWithOrg(page, "Welcome");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "AI Agent Dashboard" })).toBeVisible();
  await expect(page.getByText("Monitor and observe your AI agents' performance.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome to Switchboard" })).toBeVisible();
  await expect(page.getByText("Let's get you set up with your first AI agent.")).toBeVisible();

  // Nothing connected: Step 1 only.
  await expect(step(page, 1, "Connect an AI Provider").getByRole("link", { name: "Go to Providers" })).toHaveAttribute(
    "href",
    "/control-hub/providers",
  );
  await expect(step(page, 2, "Create Your First Agent")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Open Control Hub" })).toHaveAttribute("href", "/control-hub");
  await expect(page.getByRole("link", { name: "Start Chatting" })).toHaveCount(0);
  // Real figures, even before the first conversation.
  await expect(tile(page, "Conversations")).toContainText("0");
  await expect(page.getByText("No data available with current filters")).toBeVisible();

  // A provider connected, no agents: Step 2.
  await connectOpenAIViaApi(page);
  await page.reload();
  await expect(step(page, 2, "Create Your First Agent").getByRole("link", { name: "Create Agent" })).toHaveAttribute(
    "href",
    "/control-hub/agents/new",
  );
  await expect(step(page, 1, "Connect an AI Provider")).toHaveCount(0);
  await expect(page.getByText(allSet)).toHaveCount(0);

  // Both done: the welcome screen gives way to the dashboard.
  await post(page.request, "/api/agents", { name: "Welcome Bot", model: "openai:gpt-4.1" });
  await page.reload();
  await expect(page.getByRole("heading", { name: "AI Agent Dashboard" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome to Switchboard" })).toHaveCount(0);

  // Agents but the provider disconnected again: Step 1 returns beside the all-set hint.
  await post(page.request, "/api/updateConnections", { action: "delete", key: "openai" });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Welcome to Switchboard" })).toBeVisible();
  await expect(page.getByText(allSet)).toBeVisible();
  await expect(step(page, 1, "Connect an AI Provider")).toBeVisible();
  await expect(page.getByRole("link", { name: "Start Chatting" })).toHaveAttribute("href", "/chat");
  await page.getByRole("link", { name: "Open Control Hub" }).click();
  await expect(page).toHaveURL(/\/control-hub$/);
});

test("[DASH-09] [DASH-10] [DASH-11] [DASH-16] [DASH-17] [DASH-24] [DASH-25] [DASH-26] an admin starts in organisation view, filters by agent, user and metadata, and leaves it", async ({
  page,
  browser,
}) => {
  // Two users in two browser contexts: about three times a one-user scenario on a busy two-core machine.
  test.slow();
  const { org, member, close } = await memberOfNewOrg(page, browser);
  await connectOpenAIViaApi(page);
  await createAgentViaApi(page, { name: "Atlas" });
  await createAgentViaApi(page, { name: "Quill" });

  // The member chats with Atlas; the admin with Quill.
  await member.goto("/chat?agent=atlas&q=member question about invoices");
  await messageBox(member).press("Enter");
  await expect(member.getByText("You said: member question about invoices")).toBeVisible();
  await page.goto("/chat?agent=quill&q=admin question");
  await messageBox(page).press("Enter");
  await expect(page.getByText("You said: admin question")).toBeVisible();
  const users = (await (await page.request.get(`/api/admin/users?orgId=${org.id}`)).json()) as {
    data: { id: string; firstName: string | null }[];
  };
  const memberRow = users.data.find((u) => u.firstName === "Mia")!;
  await post(page.request, `/api/admin/updateUserMetadata?orgId=${org.id}`, {
    userId: memberRow.id,
    metadata: { department: "Finance" },
  });

  await page.goto("/dashboard");
  const adminView = page.getByRole("switch", { name: "Admin View" });
  await expect(adminView).toBeChecked();
  await expect(tile(page, "Conversations")).toContainText("2");
  await expect(tile(page, "Messages")).toContainText("4");
  await expect(tile(page, "Feedback Score")).toContainText("—");
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(2);

  // Agent filter: stats and interactions.
  await page.getByRole("button", { name: /^Agent: / }).click();
  await page.getByRole("textbox", { name: "Search agent" }).fill("zzz");
  await expect(page.getByText("No agent found.")).toBeVisible();
  await page.getByRole("textbox", { name: "Search agent" }).fill("atl");
  await page.getByRole("menuitem", { name: "Atlas" }).click();
  await expect(cards).toHaveCount(1);
  await expect(tile(page, "Conversations")).toContainText("1");
  await expect(cards.first()).toContainText("member question about invoices");
  await expect(cards.first()).toContainText("department: Finance");
  await expect(cards.first().getByRole("link", { name: "View Conversation" })).toHaveAttribute(
    "href",
    /^\/chat\/[0-9a-f-]{36}$/,
  );

  // Metadata filter: a value nobody has, then the member's.
  await page.getByRole("button", { name: /^Agent: / }).click();
  await page.getByRole("menuitem", { name: "All agents" }).click();
  await page.getByLabel("Metadata key").fill("department");
  await page.getByLabel("Metadata value").fill("Legal");
  await expect(page.getByText("No conversations found")).toBeVisible();
  await expect(page.getByText("Try adjusting your metadata filters or date range")).toBeVisible();
  await page.getByLabel("Metadata value").fill("Finance");
  await expect(cards).toHaveCount(1);

  // Leaving organisation view clears the user and metadata filters; the card speaks to the viewer.
  await adminView.click();
  await expect(page.getByLabel("Metadata key")).toHaveCount(0);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("admin question");
  await expect(cards.first()).toContainText("You started a thread");
  await adminView.click();
  await expect(page.getByLabel("Metadata key")).toHaveValue("");
  await expect(cards).toHaveCount(2);

  // User filter.
  await page.getByRole("button", { name: /^User: / }).click();
  await page.getByRole("menuitem", { name: /Mia Member/ }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("member question about invoices");

  // The member: personal figures only, no Admin View.
  await member.goto("/dashboard");
  await expect(member.getByRole("switch", { name: "Admin View" })).toHaveCount(0);
  await expect(member.getByRole("article")).toHaveCount(1);
  await expect(member.getByRole("article").first()).toContainText("You started a thread");
  await expect(member.getByText("admin question")).toHaveCount(0);
  await expect(tile(member, "Conversations")).toContainText("1");
  await close();
});

test("beyond the spec (decision 084): a chart per day, cost from an admin's model price, and the conversations as CSV", async ({
  page,
}) => {
  const { user } = await signedInWithOrg(page, "Extras");
  await connectOpenAIViaApi(page);
  await createAgentViaApi(page, { name: "Ledger" });
  const question = '=SUM(1,2) "quoted", question';
  await page.goto(`/chat?agent=ledger&q=${encodeURIComponent(question)}`);
  await messageBox(page).press("Enter");
  await expect(page.getByText(`You said: ${question}`)).toBeVisible();

  // The admin prices gpt-4.1's input at $10,000 per 1M tokens: the fake provider's 12 prompt tokens cost $0.12.
  await page.goto("/control-hub/models");
  await page.getByRole("textbox", { name: "Input price of gpt-4.1", exact: true }).fill("10000");
  await page.getByRole("textbox", { name: "Output price of gpt-4.1", exact: true }).fill("0");
  await page
    .getByRole("row", { name: /^gpt-4\.1 / })
    .getByRole("button", { name: "Save" })
    .click();
  await expect(page.getByText("Price of gpt-4.1 saved")).toBeVisible();
  await expect(page.getByRole("row", { name: /^gpt-4\.1 Custom/ })).toBeVisible();

  await page.goto("/dashboard");
  await expect(
    page.getByRole("img", { name: "Chart: Conversations and tokens per day" }).locator("svg").first(),
  ).toBeVisible();
  const days = page.getByRole("table", { name: "Conversations and tokens per day" });
  await expect(days.getByRole("row")).toHaveCount(15); // the header and the default 14 days
  const today = await page.evaluate(() => new Date().toLocaleDateString("sv-SE"));
  await expect(days.getByRole("row", { name: new RegExp(`^${today} 1 \\d+$`) })).toHaveCount(1);

  const cost = page.getByRole("region", { name: "Cost" });
  await expect(cost.getByLabel("Total cost")).toHaveText("$0.12");
  await expect(cost.getByRole("table", { name: "By agent" }).getByRole("row", { name: /^Ledger/ })).toContainText(
    "$0.12",
  );
  await expect(cost.getByRole("table", { name: "By user" }).getByRole("row")).toHaveCount(2);
  await expect(cost.getByRole("table", { name: "By scheduled task" })).toContainText("No scheduled runs");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^interactions-\d{4}-\d\d-\d\d\.csv$/);
  const csv = fs.readFileSync(await file.path(), "utf8");
  expect(csv.startsWith("\uFEFFConversation ID,Started,Last activity,")).toBe(true);
  const lines = csv.trim().split("\r\n");
  expect(lines).toHaveLength(2);
  // Quoted for the comma and quotes, and an apostrophe first so a spreadsheet does not run it as a formula.
  expect(lines[1]).toContain(`"'=SUM(1,2) ""quoted"", question"`);
  expect(lines[1]).toContain(`,Ledger,openai:gpt-4.1,`);
  expect(lines[1]).toContain(user.email);
});
