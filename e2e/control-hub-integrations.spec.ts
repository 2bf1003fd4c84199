// Integrations tab as an admin: PostgreSQL with a real "Test connection", Snowflake's auth switch,
// BigQuery coming soon and Google Sheets connected by linking a Google account.
import { signedInWithOrg } from "./support/app";
import { expect, test } from "./support/fixtures";
import { connectionCard, post, testPostgres } from "./control-hub-support";

test("[INTEG-10] [INTEG-11] [INTEG-12] [INTEG-13] [ROLE-07] an admin tests and connects PostgreSQL against the test run's database", async ({
  page,
}) => {
  const pg = testPostgres();
  if (!pg && process.env.CI === "true")
    throw new Error("CI=true needs TEST_DATABASE_URL for the PostgreSQL integration test.");
  test.skip(!pg, "TEST_DATABASE_URL is not set");
  await signedInWithOrg(page);
  await page.goto("/control-hub/integrations");
  await expect(page.getByRole("heading", { name: "Integrations", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Shared Integrations" })).toBeVisible();

  const card = connectionCard(page, "PostgreSQL");
  await card.getByRole("button", { name: /^Connect/ }).click();
  const dialog = page.getByRole("dialog", { name: "Connect PostgreSQL" });
  await expect(dialog.getByLabel("Port")).toHaveValue("5432");
  await expect(dialog.getByLabel("Port")).toHaveAttribute("type", "number");
  await expect(dialog.getByLabel("Password")).toHaveAttribute("type", "password");
  await expect(dialog.getByLabel("SSL Mode").getByRole("option")).toHaveText([
    "Default",
    "disable",
    "allow",
    "prefer",
    "require",
    "verify-ca",
    "verify-full",
  ]);

  await dialog.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(dialog.getByText("Host is required")).toBeVisible();
  await expect(dialog.getByText("Database name is required")).toBeVisible();

  await dialog.getByLabel("Host").fill(pg!.host);
  await dialog.getByLabel("Port").fill(pg!.port);
  await dialog.getByLabel("Database").fill("no_such_database_for_switchboard");
  await dialog.getByLabel("Username").fill(pg!.user);
  await dialog.getByLabel("Password").fill(pg!.password);
  await dialog.getByLabel("SSL Mode").selectOption("disable");
  await dialog.getByRole("button", { name: "Test connection" }).click();
  await expect(dialog.getByText(/Connection failed: .*no_such_database_for_switchboard/)).toBeVisible({
    timeout: 15_000,
  });

  await dialog.getByLabel("Database").fill(pg!.database);
  await dialog.getByRole("button", { name: "Test connection" }).click();
  await expect(dialog.getByText(/Connection successful: PostgreSQL \d+/)).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page.getByText("Connection updated successfully")).toBeVisible();
  await expect(card.getByText("Connected", { exact: true })).toBeVisible();

  // The connected card tests the stored credentials.
  await card.getByRole("button", { name: "Test connection" }).click();
  await expect(card.getByText(/Connection successful: PostgreSQL \d+/)).toBeVisible({ timeout: 15_000 });

  await card.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit PostgreSQL" });
  await expect(edit.getByLabel("Host")).toHaveValue(pg!.host);
  await expect(edit.getByLabel("Database")).toHaveValue(pg!.database);
  await expect(edit.getByLabel("Password")).toHaveValue("");
  await expect(edit.getByLabel("SSL Mode")).toHaveValue("disable");
});

test("[INTEG-05] [INTEG-06] [INTEG-07] [INTEG-08] [INTEG-09] Snowflake switches between password and token and validates", async ({
  page,
}) => {
  await signedInWithOrg(page);
  await page.goto("/control-hub/integrations");
  await connectionCard(page, "Snowflake")
    .getByRole("button", { name: /^Connect/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Connect Snowflake" });
  const auth = dialog.getByLabel("Authentication Method");
  await expect(auth).toHaveValue("password");
  await expect(dialog.getByLabel("Password")).toBeVisible();
  await expect(dialog.getByLabel("Programmatic Access Token")).toHaveCount(0);

  for (const [label, value] of [
    ["Account Identifier", "acme-xy123"],
    ["Username", "analyst"],
    ["Warehouse", "wh"],
    ["Database", "db"],
    ["Schema", "public"],
  ]) {
    await dialog.getByLabel(label!, { exact: true }).fill(value!);
  }
  await dialog.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(dialog.getByText("Role name is required")).toBeVisible();
  await dialog.getByLabel("Role", { exact: true }).fill("reader");
  await dialog.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(
    dialog.getByText("Password is required for Username/Password auth, and Token is required for PAT auth"),
  ).toBeVisible();

  await auth.selectOption({ label: "Programmatic Access Token (PAT)" });
  await expect(dialog.getByLabel("Password")).toHaveCount(0);
  await expect(dialog.getByLabel("Programmatic Access Token")).toHaveAttribute("type", "password");
  await dialog.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(
    dialog.getByText("Password is required for Username/Password auth, and Token is required for PAT auth"),
  ).toBeVisible();
  await dialog.getByLabel("Programmatic Access Token").fill("pat-secret");
  await dialog.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page.getByText("Connection updated successfully")).toBeVisible();
  await expect(connectionCard(page, "Snowflake").getByText("Connected", { exact: true })).toBeVisible();

  await connectionCard(page, "Snowflake").getByRole("button", { name: "Disconnect" }).click();
  await page.getByRole("dialog", { name: "Disconnect Snowflake?" }).getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByText("Snowflake disconnected successfully")).toBeVisible();
});

test("[INTEG-01] BigQuery is coming soon", async ({ page }) => {
  await signedInWithOrg(page);
  await page.goto("/control-hub/integrations");
  const bigquery = connectionCard(page, "BigQuery");
  await expect(bigquery.getByText("Coming soon")).toBeVisible();
  await expect(bigquery.getByRole("button")).toHaveCount(0);
});

// The e2e server has Google sign-in configured against the loopback stand-in (e2e/support/fake-google.ts);
// the dialog a server without it shows is covered by oauth-integration-card.test.tsx.
test("[INTEG-03] [INTEG-04] [INTEG-15] an admin connects Google Sheets by linking a Google account that grants the spreadsheets scope, then disconnects it", async ({
  page,
}) => {
  await signedInWithOrg(page);
  await page.goto("/control-hub/integrations");
  const sheets = connectionCard(page, "Google Sheets");
  await expect(sheets.getByText("Connected", { exact: true })).toHaveCount(0);
  await sheets.getByRole("button", { name: "Connect with Google for Google Sheets", exact: true }).click();

  // "Google": its sign-in page, then its consent page listing the spreadsheets scope.
  await expect(page.getByRole("heading", { name: "Sign-in" })).toBeVisible();
  await page.getByPlaceholder("Enter any login").fill(`sheets-owner-${Date.now()}@workspace.test`);
  await page.getByPlaceholder("and password").fill("any-password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await expect(page.getByRole("heading", { name: "Authorize" })).toBeVisible();
  await expect(
    page.getByRole("listitem").getByText("https://www.googleapis.com/auth/spreadsheets", { exact: true }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/control-hub\/integrations$/);
  await expect(sheets.getByText("Connected", { exact: true })).toBeVisible();
  await expect(sheets.getByText("Uses your Google account")).toBeVisible();
  await expect(sheets.getByRole("button", { name: "Connect with Google for Google Sheets", exact: true })).toHaveCount(
    0,
  );

  // Disconnecting unlinks that Google account: the card offers Connect again, also after a reload.
  await sheets.getByRole("button", { name: "Disconnect Google Sheets" }).click();
  await page
    .getByRole("dialog", { name: "Disconnect Google Sheets?" })
    .getByRole("button", { name: "Disconnect" })
    .click();
  await expect(page.getByText("Google Sheets disconnected successfully")).toBeVisible();
  await expect(
    sheets.getByRole("button", { name: "Connect with Google for Google Sheets", exact: true }),
  ).toBeVisible();
  await page.reload();
  await expect(
    connectionCard(page, "Google Sheets").getByRole("button", {
      name: "Connect with Google for Google Sheets",
      exact: true,
    }),
  ).toBeVisible();
});

test("[INTEG-02] [INTEG-15] the Integrations tab lists Shared Integrations; a failed disconnect toasts Failed to disconnect integration", async ({
  page,
}) => {
  await signedInWithOrg(page);
  await post(page.request, "/api/updateConnections", {
    action: "create",
    key: "pinecone",
    data: { api_key: "pc-test", host: "https://index.example.com" },
  });
  await page.goto("/control-hub/integrations");
  await expect(page.getByRole("heading", { name: "Integrations", exact: true })).toBeVisible();
  const shared = page.getByRole("region", { name: "Shared Integrations" });
  await expect(shared.getByRole("heading", { name: "Shared Integrations" })).toBeVisible();
  await expect(connectionCard(shared, "Pinecone")).toBeVisible();

  const card = connectionCard(page, "Pinecone");
  await expect(card.getByText("Connected", { exact: true })).toBeVisible();
  await page.route("**/api/updateConnections*", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "boom" }) }),
  );
  await card.getByRole("button", { name: /^Disconnect/ }).click();
  await page.getByRole("dialog", { name: "Disconnect Pinecone?" }).getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByText("Failed to disconnect integration")).toBeVisible();
  await expect(card.getByText("Connected", { exact: true })).toBeVisible();
});
