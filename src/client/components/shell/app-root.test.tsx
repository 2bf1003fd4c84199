// @vitest-environment happy-dom
// API-02: the auth gate and the app root decide when the app may call its API: nothing before sign-in,
// only GET /api/getUser (which tells whether an organisation is active) without an active organisation,
// and the pages' calls once one is.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { SWRConfig } from "swr";
import type { UserInfo } from "@/shared/org";
import { useAgents } from "@/client/api/agents";
import { fetcher } from "@/client/lib/api";
import { useActiveOrg } from "./active-org";
import { AppRoot } from "./app-root";
import { RequireAuth } from "./require-auth";
import { jsonResponse as json, mockFetch } from "@/client/test/fetch-mock";
import { makeOrg, makeUser } from "@/client/test/org-fixtures";

const session = vi.hoisted(() => ({
  current: null as null | {
    user: { id: string; name: string; email: string };
    session: { token: string; activeOrganizationId: string | null };
  },
}));
vi.mock("@/client/lib/auth-client", () => ({
  authClient: {
    useSession: () => ({ data: session.current, isPending: false, refetch: async () => {} }),
    getSession: async () => ({ data: session.current }),
  },
}));

const ORG = makeOrg({ role: "org:member" });
const userInfo = (activeOrganizationId: string | null): UserInfo =>
  makeUser({ name: "Mia Member", email: "mia@example.com", activeOrganizationId, organizations: [ORG] });

const fetchMock = mockFetch({ token: null });
const calledPaths = () => fetchMock.mock.calls.map(([url]) => String(url));

function AgentsPage() {
  const { org } = useActiveOrg();
  const { data } = useAgents(org.id);
  return <p>{data ? `${data.length} agents` : "Loading agents"}</p>;
}

function renderApp() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={["/control-hub"]}>
        <Routes>
          <Route path="/sign-in" element={<p>Sign-in page</p>} />
          <Route element={<RequireAuth />}>
            <Route element={<AppRoot />}>
              <Route path="/control-hub" element={<AgentsPage />} />
            </Route>
          </Route>
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

beforeEach(() => {
  fetchMock.mockImplementation(async (url) => {
    if (String(url).startsWith("/api/getUser"))
      return json(userInfo(session.current?.session.activeOrganizationId ?? null));
    if (String(url).startsWith("/api/getConversations")) return json({ conversations: [] });
    return json([]);
  });
});
afterEach(() => {
  session.current = null;
});

const signedIn = (activeOrganizationId: string | null) => {
  session.current = {
    user: { id: "u1", name: "Mia Member", email: "mia@example.com" },
    session: { token: "tok_1", activeOrganizationId },
  };
};

describe("when the client calls the API", () => {
  it("[API-02] signed out: no call is made", async () => {
    renderApp();
    await screen.findByText(/Sign-in page/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("[API-02] signed in without an active organisation: only GET /api/getUser, then the welcome screen", async () => {
    signedIn(null);
    renderApp();
    await screen.findByText("Welcome to Switchboard");
    expect(calledPaths()).toEqual(["/api/getUser"]);
    expect(screen.queryByText(/agents/)).toBeNull();
  });

  it("[API-02] signed in with an active organisation: the pages' calls are made, with the session token", async () => {
    signedIn("org_1");
    renderApp();
    await screen.findByText("0 agents");
    await waitFor(() =>
      expect([...calledPaths()].sort()).toEqual([
        "/api/agents?orgId=org_1",
        "/api/getConversations?orgId=org_1",
        "/api/getUser?orgId=org_1",
      ]),
    );
    for (const [, init] of fetchMock.mock.calls)
      expect(new Headers(init?.headers).get("authorization")).toBe("Bearer tok_1");
  });
});
