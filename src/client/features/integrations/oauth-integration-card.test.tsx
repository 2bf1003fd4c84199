// @vitest-environment happy-dom
// The Google Sheets card with and without Google sign-in on the server: the honest "not configured"
// dialog, the link request, failures as toasts, the member's disabled button and the connected state.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import type { ExternalAccount, UserInfo } from "@/shared/org";
import { INTEGRATION_BY_KEY } from "@/shared/connections/integrations";
import { ADMIN_ROLE, MEMBER_ROLE } from "@/shared/roles";
import { jsonResponse as json, mockFetch } from "@/client/test/fetch-mock";
import { makeOrg, makeUser } from "@/client/test/org-fixtures";

const toastError = vi.fn();
const toastSuccess = vi.fn();
vi.mock("sonner", () => ({
  toast: {
    error: (...a: unknown[]) => toastError(...a),
    success: (...a: unknown[]) => toastSuccess(...a),
    warning: vi.fn(),
  },
}));

const SHEETS_SCOPE = "https://www.googleapis.com/auth/spreadsheets";
const sheets = INTEGRATION_BY_KEY["google-sheets"]!;

const org = makeOrg();
const user = (externalAccounts: ExternalAccount[] = []): UserInfo =>
  makeUser({ id: "user_1", organizations: [org], externalAccounts });

function Search() {
  return <output aria-label="search">{useLocation().search}</output>;
}

/** Renders the card with the server's runtime config as index.html would carry it. */
async function renderCard(opts: { googleSignIn: boolean; role?: string; accounts?: ExternalAccount[]; path?: string }) {
  window.__SWITCHBOARD__ = { googleSignIn: opts.googleSignIn };
  vi.resetModules();
  const { OAuthIntegrationCard } = await import("./oauth-integration-card");
  const { ActiveOrgProvider } = await import("@/client/components/shell/active-org");
  const { setSessionToken } = await import("@/client/lib/session-token");
  setSessionToken("session-token");
  render(
    <MemoryRouter initialEntries={[opts.path ?? "/control-hub/integrations"]}>
      <ActiveOrgProvider user={user(opts.accounts)} org={{ ...org, role: opts.role ?? ADMIN_ROLE }}>
        <Routes>
          <Route
            path="/control-hub/integrations"
            element={
              <>
                <OAuthIntegrationCard def={sheets} />
                <Search />
              </>
            }
          />
        </Routes>
      </ActiveOrgProvider>
    </MemoryRouter>,
  );
}

const fetchMock = mockFetch({ token: null });
const assign = vi.fn();
beforeEach(() => {
  // Navigation to the identity provider: record it instead of leaving the test page.
  vi.spyOn(window.location, "assign").mockImplementation(assign);
});
afterEach(() => {
  vi.restoreAllMocks();
  assign.mockReset();
  toastError.mockReset();
  toastSuccess.mockReset();
});

describe("Google Sheets card", () => {
  it("without Google sign-in on the server, Connect explains that instead of showing a form", async () => {
    await renderCard({ googleSignIn: false });
    await userEvent.click(screen.getByRole("button", { name: "Connect with Google for Google Sheets" }));
    const dialog = await screen.findByRole("dialog", { name: "Connect Google Sheets" });
    expect(dialog.textContent).toContain("Google sign-in is not configured");
    expect(dialog.textContent).toContain("An administrator must configure Google sign-in");
    expect(dialog.textContent).toContain(SHEETS_SCOPE);
    expect(dialog.querySelector("input")).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Got it" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("[INTEG-04] with Google sign-in, Connect asks Better Auth to link Google with the integration's scopes and goes there", async () => {
    fetchMock.mockResolvedValue(
      Response.json({ url: "https://accounts.google.test/o/oauth2/auth?x=1", redirect: true }),
    );
    await renderCard({ googleSignIn: true });
    await userEvent.click(screen.getByRole("button", { name: "Connect with Google for Google Sheets" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://accounts.google.test/o/oauth2/auth?x=1"));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/auth/link-social");
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer session-token");
    expect(JSON.parse(init?.body as string)).toEqual({
      provider: "google",
      scopes: [SHEETS_SCOPE],
      callbackURL: "/control-hub/integrations",
      errorCallbackURL: "/control-hub/integrations",
    });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("a refused link request is an error toast, and the button works again", async () => {
    fetchMock.mockResolvedValue(
      Response.json({ message: "Provider not found", code: "PROVIDER_NOT_FOUND" }, { status: 404 }),
    );
    await renderCard({ googleSignIn: true });
    const button = screen.getByRole("button", { name: "Connect with Google for Google Sheets" });
    await userEvent.click(button);
    await waitFor(() => expect(toastError).toHaveBeenCalledWith("Failed to connect Google Sheets: Provider not found"));
    expect(assign).not.toHaveBeenCalled();
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it("a link Google refused comes back with ?error=: one toast, and the address is tidied", async () => {
    await renderCard({ googleSignIn: true, path: "/control-hub/integrations?error=access_denied" });
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith("Failed to connect Google Sheets: access denied", {
        id: "oauth-link-error",
      }),
    );
    await waitFor(() => expect(screen.getByRole("status", { name: "search" }).textContent).toBe(""));
    expect(toastError).toHaveBeenCalledTimes(1);
  });

  it("[ROLE-07] a member sees Connect disabled with 'Admin access required'", async () => {
    await renderCard({ googleSignIn: true, role: MEMBER_ROLE });
    const button = screen.getByRole("button", { name: "Connect with Google for Google Sheets" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.title).toBe("Admin access required");
  });

  it("[INTEG-03] connected only when the first external account approved every required scope", async () => {
    await renderCard({
      googleSignIn: true,
      accounts: [
        { id: "a1", provider: "google", approvedScopes: ["openid", "email"] },
        { id: "a2", provider: "google", approvedScopes: [SHEETS_SCOPE] },
      ],
    });
    expect(screen.getByRole("button", { name: "Connect with Google for Google Sheets" })).toBeTruthy();
    cleanup();
    await renderCard({
      googleSignIn: true,
      accounts: [{ id: "a1", provider: "google", approvedScopes: ["openid", SHEETS_SCOPE] }],
    });
    expect(screen.getByText("Uses your Google account")).toBeTruthy();
    expect(screen.getByText("Connected", { exact: true })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Connect with Google for Google Sheets" })).toBeNull();
  });

  it("[INTEG-15] Disconnect asks first, then unlinks the Google account that grants the scopes", async () => {
    fetchMock.mockResolvedValue(json({ status: true }));
    await renderCard({
      googleSignIn: true,
      accounts: [{ id: "acc_google", provider: "google", approvedScopes: [SHEETS_SCOPE] }],
    });
    await userEvent.click(screen.getByRole("button", { name: "Disconnect Google Sheets" }));
    const dialog = await screen.findByRole("dialog", { name: "Disconnect Google Sheets?" });
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole("button", { name: "Disconnect" }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Google Sheets disconnected successfully"));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe("/api/auth/unlink-account");
    expect(JSON.parse(String(init!.body))).toEqual({ accountId: "acc_google" });
  });

  it("[INTEG-15] a refused unlink toasts 'Failed to disconnect integration'", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    fetchMock.mockResolvedValue(json({ message: "You can't unlink your last account" }, 400));
    await renderCard({
      googleSignIn: true,
      accounts: [{ id: "acc_google", provider: "google", approvedScopes: [SHEETS_SCOPE] }],
    });
    await userEvent.click(screen.getByRole("button", { name: "Disconnect Google Sheets" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Disconnect" }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith("Failed to disconnect integration"));
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it("[ROLE-07] a member sees Disconnect disabled too", async () => {
    await renderCard({
      googleSignIn: true,
      role: MEMBER_ROLE,
      accounts: [{ id: "acc_google", provider: "google", approvedScopes: [SHEETS_SCOPE] }],
    });
    expect((screen.getByRole("button", { name: "Disconnect Google Sheets" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
