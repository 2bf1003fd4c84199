// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { SWRConfig } from "swr";
import type { UserInfo, UserOrganization } from "@/shared/org";
import { ActiveOrgProvider } from "@/client/components/shell/active-org";
import { fetcher } from "@/client/lib/api";
import { OnboardingWizard } from "./onboarding-wizard";
import { onboardingStorageKey } from "./onboarding-storage";
import { jsonResponse as json, mockFetch } from "@/client/test/fetch-mock";
import { makeOrg, makeUser } from "@/client/test/org-fixtures";

const { toast } = vi.hoisted(() => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock("sonner", () => ({ toast }));

const ORG = makeOrg();
const user = (org: UserOrganization): UserInfo => makeUser({ organizations: [org] });

const fetchMock = mockFetch();
let agentsResponse: () => Promise<Response>;
let createAgent: () => Promise<Response>;

beforeEach(() => {
  window.localStorage.clear();
  agentsResponse = async () => json([]);
  createAgent = async () => json({ id: 42, name: "My First Agent" }, 201);
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url);
    if (path.startsWith("/api/agents") && init?.method === "POST") return createAgent();
    if (path.startsWith("/api/agents")) return agentsResponse();
    if (path.startsWith("/api/updateConnections")) return json({ success: true, connections: { openai: true } });
    return json({});
  });
});
afterEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function renderWizard({ org = ORG, path = "/dashboard" }: { org?: UserOrganization; path?: string } = {}) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>
        <ActiveOrgProvider user={user(org)} org={org}>
          <OnboardingWizard />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </ActiveOrgProvider>
      </MemoryRouter>
    </SWRConfig>,
  );
}

async function toAgentStep(u: ReturnType<typeof userEvent.setup>) {
  await u.click(await screen.findByRole("button", { name: "Get Started" }));
  await u.click(screen.getByRole("radio", { name: /OpenAI/ }));
  await u.type(screen.getByLabelText("API Key"), "sk-test");
  await u.click(screen.getByRole("button", { name: "Next" }));
  await screen.findByText("Step 3 of 4");
}

describe("OnboardingWizard", () => {
  it("[ONB-01] waits for the agents to load, then opens for an organisation without a model", async () => {
    let release!: () => void;
    agentsResponse = () => new Promise((resolve) => (release = () => resolve(json([]))));
    renderWizard();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole("dialog")).toBeNull();
    await act(async () => release());
    expect(await screen.findByRole("dialog")).toBeTruthy();
    expect(screen.getByText("Step 1 of 4")).toBeTruthy();
  });

  it("[ONB-01] stays shut when a model is connected and agents exist, or when completion is marked", async () => {
    agentsResponse = async () => json([{ id: 1, name: "A" }]);
    renderWizard({ org: { ...ORG, connections: { openai: true } } });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole("dialog")).toBeNull();
    cleanup();

    window.localStorage.setItem(onboardingStorageKey(ORG.id), "true");
    renderWizard();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("[ONB-02] does not open on control-hub pages", async () => {
    renderWizard({ path: "/control-hub/agents" });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("is not shown to members, who cannot connect providers or create agents", async () => {
    renderWizard({ org: { ...ORG, role: "org:member" } });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("[ONB-24] [ONB-25] [ONB-26] [ONB-29] [ONB-31] [ONB-32] creating shows the submitting state, then finishes into chat with the new agent", async () => {
    const u = userEvent.setup();
    let release!: () => void;
    createAgent = () =>
      new Promise((resolve) => (release = () => resolve(json({ id: 42, name: "My First Agent" }, 201))));
    renderWizard();
    await toAgentStep(u);
    await u.click(screen.getByRole("button", { name: "Create Agent" }));
    const creating = await screen.findByRole("button", { name: "Creating Agent..." });
    expect((creating as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Back" }) as HTMLButtonElement).disabled).toBe(true);

    const connect = fetchMock.mock.calls.find(([url]) => String(url).startsWith("/api/updateConnections"))!;
    expect(JSON.parse(String(connect[1]!.body))).toEqual({ openai: { OPENAI_API_KEY: "sk-test" } });
    const agentGets = () =>
      fetchMock.mock.calls.filter(
        ([url, init]) => String(url).startsWith("/api/agents") && (init?.method ?? "GET") === "GET",
      ).length;
    const before = agentGets();

    await act(async () => release());
    await screen.findByText("You're All Set!");
    expect(agentGets()).toBeGreaterThan(before); // the agent list was refetched
    expect(toast.success).toHaveBeenCalledWith("Your first agent has been created!");
    expect(window.localStorage.getItem(onboardingStorageKey(ORG.id))).toBe("true");

    await u.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Start Chatting" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByTestId("where").textContent).toBe("/chat?agent=42");
  });

  it("[AGENT-09] [API-22] the first agent's POST /api/agents sends the spec's fields with logoUrl, integrations and mcpServers empty, and no showInChat", async () => {
    const u = userEvent.setup();
    renderWizard();
    await toAgentStep(u);
    await u.click(screen.getByRole("button", { name: "Create Agent" }));
    await screen.findByText("You're All Set!");
    const creates = fetchMock.mock.calls.filter(
      ([url, init]) => String(url).startsWith("/api/agents") && init?.method === "POST",
    );
    expect(creates).toHaveLength(1);
    const body = JSON.parse(String(creates[0]![1]!.body));
    expect(body).toMatchObject({ logoUrl: "", integrations: [], mcpServers: [] });
    expect(Object.keys(body)).toEqual(
      expect.arrayContaining([
        "name",
        "description",
        "model",
        "maxToolRoundtrips",
        "systemPrompt",
        "conversationStarters",
        "logoUrl",
        "tools",
        "stage",
        "integrations",
        "mcpServers",
      ]),
    );
    expect(body).not.toHaveProperty("showInChat");
  });

  it("[ONB-27] a failure toasts the spec's text, logs it, and keeps the agent step", async () => {
    const u = userEvent.setup();
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    createAgent = async () => json({ error: "Boom", code: "internal" }, 500);
    renderWizard();
    await toAgentStep(u);
    await u.click(screen.getByRole("button", { name: "Create Agent" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        "There was an error setting up your agent. You can complete the setup manually.",
      ),
    );
    expect(log).toHaveBeenCalled();
    expect(screen.getByText("Step 3 of 4")).toBeTruthy();
    expect(window.localStorage.getItem(onboardingStorageKey(ORG.id))).toBeNull();
    log.mockRestore();
  });

  it("[ONB-03] [ONB-31] Skip Setup is the way out, and it marks completion", async () => {
    const u = userEvent.setup();
    renderWizard();
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByRole("button", { name: "Close" })).toBeNull();
    await u.keyboard("{Escape}");
    expect(screen.getByRole("dialog")).toBeTruthy();
    await u.click(within(dialog).getByRole("button", { name: "Skip Setup" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(window.localStorage.getItem(onboardingStorageKey(ORG.id))).toBe("true");
  });
});
