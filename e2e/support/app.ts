// Setup helpers: each test signs up its own user, so tests never share state.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

export const PASSWORD = "correct horse battery";

const random = () => Math.random().toString(36).slice(2, 8);
// Names are matched by role and visible text as substrings, case-insensitively: a suffix without
// vowels or digits cannot spell a button's name ("Chat Org 5pmhno" once matched the "No" button).
const CONSONANTS = "bcdfghjklmnpqrstvwxz";
const nameSuffix = () =>
  Array.from({ length: 7 }, () => CONSONANTS[Math.floor(Math.random() * CONSONANTS.length)]).join("");

export const uniqueEmail = (prefix = "user") => `${prefix}-${Date.now()}-${random()}@example.com`;
export const uniqueName = (prefix: string) => `${prefix} ${nameSuffix()}`;

/** Better Auth checks the Origin of cookie-carrying POSTs, as a browser would send it. */
function origin(): string {
  return new URL(String(test.info().project.use.baseURL)).origin;
}

/** Signs up through the API; the session cookie lands in the page's browser context. */
export async function signUpViaApi(page: Page, name = "Test User") {
  const email = uniqueEmail();
  const res = await page.request.post("/api/auth/sign-up/email", {
    data: { name, email, password: PASSWORD },
    headers: { origin: origin() },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return { name, email };
}

/** The wizard's per-organisation completion flag (ONB-32), as src/client/features/onboarding/onboarding-storage.ts writes it. */
export const onboardingStorageKey = (orgId: string) => `switchboard:onboarding-complete:${orgId}`;

/** Marks onboarding done for an organisation in this browser context, before any page loads. */
export async function skipOnboarding(page: Page, orgId: string) {
  await page.context().addInitScript((key) => window.localStorage.setItem(key, "true"), onboardingStorageKey(orgId));
}

/**
 * Creates an organisation through the API and makes it the active one. The onboarding wizard would
 * cover every page of a new organisation, so it is marked done unless a test is about it.
 */
export async function createOrgViaApi(
  page: Page,
  name: string,
  opts: { onboarding?: boolean } = {},
): Promise<{ id: string; name: string }> {
  const res = await page.request.post("/api/auth/organization/create", {
    data: { name, slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${random()}` },
    headers: { origin: origin() },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const org = (await res.json()) as { id: string; name: string };
  if (!opts.onboarding) await skipOnboarding(page, org.id);
  await setActiveOrgViaApi(page, org.id);
  return org;
}

export async function setActiveOrgViaApi(page: Page, organizationId: string | null) {
  const res = await page.request.post("/api/auth/organization/set-active", {
    data: { organizationId },
    headers: { origin: origin() },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** A signed-in user with one active organisation, ready for the shell. */
export async function signedInWithOrg(page: Page, orgPrefix = "Org", opts: { onboarding?: boolean } = {}) {
  const user = await signUpViaApi(page);
  const org = await createOrgViaApi(page, uniqueName(orgPrefix), opts);
  return { user, org };
}

export const desktopSidebar = (page: Page) => page.locator('[data-slot="sidebar"]');
export const orgSelector = (page: Page) => page.getByRole("button", { name: /^Organization: / });
export const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
