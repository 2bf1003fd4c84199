// Helpers of the Control Hub specs (providers, models, integrations, settings, members).
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { setActiveOrgViaApi, signedInWithOrg, signUpViaApi } from "./support/app";
import { expect, test } from "./support/fixtures";

const origin = () => new URL(String(test.info().project.use.baseURL)).origin;

/** A POST through the page's session (cookies), with the Origin a browser would send. */
export async function post(request: APIRequestContext, path: string, data: unknown) {
  const res = await request.post(path, { data, headers: { origin: origin() } });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return res.json();
}

/** Connects OpenAI with a dummy key: enough for its models to be offered. */
export const connectOpenAIViaApi = (page: Page) =>
  post(page.request, "/api/updateConnections", {
    action: "create",
    key: "openai",
    data: { OPENAI_API_KEY: "sk-test" },
  });

export const hubTabs = (page: Page) => page.getByRole("navigation", { name: "Control Hub" });

/** A provider's or integration's card, found by its name. */
export const connectionCard = (page: Page | Locator, name: string) => page.getByRole("group", { name, exact: true });

/** An admin's organisation plus a member signed in to it in a second browser context. */
export async function memberOfNewOrg(page: Page, browser: Browser) {
  const { org } = await signedInWithOrg(page, "Shared Org");
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  const { email } = await signUpViaApi(member, "Mia Member");
  const invitation = await post(page.request, "/api/auth/organization/invite-member", {
    email,
    role: "org:member",
    organizationId: org.id,
  });
  // The member's address is unverified: they accept through the link an admin copies (decision 024).
  const link = await page.request.get(`/api/invitations/${invitation.id}/link?orgId=${org.id}`);
  expect(link.ok(), await link.text()).toBeTruthy();
  const token = new URL(((await link.json()) as { url: string }).url).searchParams.get("token");
  await post(member.request, "/api/invitations/accept", { invitationId: invitation.id, token });
  await setActiveOrgViaApi(member, org.id);
  return { org, member, close: () => memberContext.close() };
}

/** The Postgres of the test run (TEST_DATABASE_URL) as form values, or null when none is configured. */
export function testPostgres(): {
  host: string;
  port: string;
  database: string;
  user: string;
  password: string;
} | null {
  const raw = process.env.TEST_DATABASE_URL;
  if (!raw) return null;
  const url = new URL(raw);
  return {
    host: url.hostname,
    port: url.port || "5432",
    database: decodeURIComponent(url.pathname.slice(1)) || "postgres",
    user: decodeURIComponent(url.username) || "postgres",
    // The schema requires a password; a trust-auth test server ignores it.
    password: decodeURIComponent(url.password) || "unused",
  };
}
