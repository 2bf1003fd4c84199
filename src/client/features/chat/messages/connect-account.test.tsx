// @vitest-environment happy-dom
// Decision 102: a Sheets call that failed for want of the caller's Google account offers Connect with
// Google on its card, which links the signed-in user's own account and comes back to this chat.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import type { ToolInvocation } from "@ai-sdk/ui-utils";
import type { ExternalAccount } from "@/shared/org";
import { MEMBER_ROLE } from "@/shared/roles";
import { mockFetch } from "@/client/test/fetch-mock";
import { makeOrg, makeUser } from "@/client/test/org-fixtures";

const toastError = vi.fn();
vi.mock("sonner", () => ({ toast: { error: (...a: unknown[]) => toastError(...a), success: vi.fn() } }));

const SHEETS_SCOPE = "https://www.googleapis.com/auth/spreadsheets";
const NOT_CONNECTED =
  "Error reading Google Sheet: Google Sheets is not connected for your account. Use Connect with Google on this tool card to link your Google account, then ask again.";
const failed = (result: Record<string, unknown>): ToolInvocation => ({
  state: "result",
  toolCallId: "c1",
  toolName: "read_google_sheet",
  args: { sheet_id: "1abc" },
  result,
});

function Search() {
  return <output aria-label="search">{useLocation().search}</output>;
}

async function renderCard(
  invocation: ToolInvocation,
  opts: { googleSignIn?: boolean; accounts?: ExternalAccount[]; path?: string } = {},
) {
  window.__SWITCHBOARD__ = { googleSignIn: opts.googleSignIn ?? true };
  vi.resetModules();
  const { ToolCard } = await import("./tool-card");
  const { InChat } = await import("./test-helpers");
  const { ActiveOrgProvider } = await import("@/client/components/shell/active-org");
  const { setSessionToken } = await import("@/client/lib/session-token");
  setSessionToken("session-token");
  const org = { ...makeOrg(), role: MEMBER_ROLE };
  render(
    <MemoryRouter initialEntries={[opts.path ?? "/chat/thread-1"]}>
      <InChat>
        <ActiveOrgProvider user={makeUser({ organizations: [org], externalAccounts: opts.accounts ?? [] })} org={org}>
          <Routes>
            <Route
              path="/chat/:threadId"
              element={
                <>
                  <ToolCard invocation={invocation} />
                  <Search />
                </>
              }
            />
          </Routes>
        </ActiveOrgProvider>
      </InChat>
    </MemoryRouter>,
  );
}

const fetchMock = mockFetch({ token: null });
const assign = vi.fn();
beforeEach(() => {
  vi.spyOn(window.location, "assign").mockImplementation(assign);
});
afterEach(() => {
  vi.restoreAllMocks();
  assign.mockReset();
  toastError.mockReset();
});

describe("Connect with Google on a failed Sheets card", () => {
  it("a member's not-connected card shows the error and links their own Google account, coming back to this chat", async () => {
    fetchMock.mockImplementation(async () =>
      Response.json({ url: "https://accounts.google.test/auth?x=1", redirect: true }),
    );
    await renderCard(failed({ status: "error", error: NOT_CONNECTED, connect: "google-sheets" }), {
      path: "/chat/thread-1?error=access_denied",
    });
    expect(screen.getByText(NOT_CONNECTED)).toBeTruthy();
    expect(screen.getByText("Google Sheets needs your own Google account: connect it, then ask again.")).toBeTruthy();
    // The previous attempt's refusal is told once, and not sent back again.
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith("Failed to connect Google Sheets: access denied", {
        id: "oauth-link-error",
      }),
    );
    await waitFor(() => expect(screen.getByRole("status", { name: "search" }).textContent).toBe(""));

    await userEvent.click(screen.getByRole("button", { name: "Connect with Google" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://accounts.google.test/auth?x=1"));
    const [url, init] = fetchMock.mock.calls.find(([u]) => u === "/api/auth/link-social")!;
    expect(url).toBe("/api/auth/link-social");
    expect(JSON.parse(init?.body as string)).toEqual({
      provider: "google",
      scopes: [SHEETS_SCOPE],
      callbackURL: "/chat/thread-1",
      errorCallbackURL: "/chat/thread-1",
    });
  });

  it("a refused start is an error toast and the button works again", async () => {
    fetchMock.mockImplementation(async () => Response.json({ message: "Provider not found" }, { status: 404 }));
    await renderCard(failed({ status: "error", error: NOT_CONNECTED, connect: "google-sheets" }));
    const button = screen.getByRole("button", { name: "Connect with Google" }) as HTMLButtonElement;
    await userEvent.click(button);
    await waitFor(() => expect(toastError).toHaveBeenCalledWith("Failed to connect Google Sheets: Provider not found"));
    expect(assign).not.toHaveBeenCalled();
    expect(button.disabled).toBe(false);
  });

  it("once the account is connected the old card says to ask again, and still offers a reconnect", async () => {
    await renderCard(failed({ status: "error", error: NOT_CONNECTED, connect: "google-sheets" }), {
      accounts: [{ id: "a1", provider: "google", approvedScopes: ["openid", SHEETS_SCOPE] }],
    });
    expect(screen.getByText("Your Google account is connected now. Ask again to use Google Sheets.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reconnect with Google" })).toBeTruthy();
  });

  it("no button for other failures, or when the server has no Google sign-in", async () => {
    await renderCard(failed({ status: "error", error: "Error reading Google Sheet: Requested entity was not found." }));
    expect(screen.queryByRole("button", { name: "Connect with Google" })).toBeNull();
    await renderCard(failed({ status: "error", error: NOT_CONNECTED, connect: "snowflake" }));
    expect(screen.queryByRole("button", { name: "Connect with Google" })).toBeNull();
    await renderCard(failed({ status: "error", error: NOT_CONNECTED, connect: "google-sheets" }), {
      googleSignIn: false,
    });
    expect(screen.queryByRole("button", { name: "Connect with Google" })).toBeNull();
  });
});
