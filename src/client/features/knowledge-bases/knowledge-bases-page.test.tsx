// @vitest-environment happy-dom
// The Knowledge Bases tab: empty state, the no-embedding-model panel, cards and delete with its confirm.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { SWRConfig } from "swr";
import type { KnowledgeBase } from "@/shared/knowledge-bases";
import { ActiveOrgProvider } from "@/client/components/shell/active-org";
import { jsonResponse as json, mockFetch } from "@/client/test/fetch-mock";
import { makeOrg, makeUser } from "@/client/test/org-fixtures";
import { MODEL_CATALOG } from "@/shared/models/catalog";
import { KnowledgeBasesPage } from "./knowledge-bases-page";

vi.mock("sonner", () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const ORG = makeOrg();
const USER = makeUser({ organizations: [ORG] });
const KB: KnowledgeBase = {
  id: "kb1",
  name: "Policies",
  description: "HR handbook",
  embeddingModel: "azure:emb-prod",
  embeddingDimensions: 1536,
  extractionModel: null,
  extractionSchema: null,
  status: "ready",
  fileCount: 4,
  agents: ["Ann", "Bob", "Cy", "Dee", "Eve"].map((name, i) => ({ id: i + 1, name })),
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-02-03T00:00:00Z",
};
let knowledgeBases: KnowledgeBase[] = [];
let models = MODEL_CATALOG.filter((m) => m.providerKey === "openai");
const fetchMock = mockFetch();

beforeEach(() => {
  knowledgeBases = [];
  models = MODEL_CATALOG.filter((m) => m.providerKey === "openai");
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    if (u.startsWith("/api/kb/manage?id=kb1") && init?.method === "DELETE") {
      knowledgeBases = [];
      return json({ success: true });
    }
    if (u.startsWith("/api/kb/manage")) return json({ success: true, knowledgeBases });
    if (u.startsWith("/api/models")) return json({ models, modelPreferences: {} });
    return json({});
  });
});

const renderPage = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter>
        <ActiveOrgProvider user={USER} org={ORG}>
          <KnowledgeBasesPage />
        </ActiveOrgProvider>
      </MemoryRouter>
    </SWRConfig>,
  );

describe("KnowledgeBasesPage", { timeout: 30_000 }, () => {
  it("[KB-01] [KB-07] [KB-08] the header, the empty state and the Create Knowledge Base dialog", async () => {
    renderPage();
    expect(
      screen.getByText("Create and manage document collections that your agents can search and reference."),
    ).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "No Knowledge Bases Yet" })).toBeTruthy();
    await waitFor(() =>
      expect(
        (screen.getByRole("button", { name: "Create Your First Knowledge Base" }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    fireEvent.click(screen.getByRole("button", { name: "Create Your First Knowledge Base" }));
    expect(await screen.findByRole("dialog", { name: "Create Knowledge Base" })).toBeTruthy();
  });

  it("[KB-02] without an embedding model a panel explains the three steps", async () => {
    models = MODEL_CATALOG.filter((m) => m.providerKey === "anthropic");
    renderPage();
    expect(await screen.findByText("No embedding model available")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Providers" }).getAttribute("href")).toBe("/control-hub/providers");
    expect(screen.getByText(/OpenAI or Azure OpenAI/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Models" }).getAttribute("href")).toBe("/control-hub/models");
    expect(screen.getByText(/Return here/)).toBeTruthy();
  });

  it("[KB-03] [KB-04] [KB-05] [KB-06] [KB-09] a card's facts, first 3 agents plus '+N more', Manage Files, Delete with its confirm", async () => {
    knowledgeBases = [KB];
    renderPage();
    const card = await screen.findByRole("article", { name: "Policies" });
    const inCard = within(card);
    expect(inCard.getByText("HR handbook")).toBeTruthy();
    expect(inCard.getByText("Ready")).toBeTruthy();
    expect(inCard.getByText("4 files")).toBeTruthy();
    expect(inCard.getByText("Azure · emb-prod (1536 dimensions)")).toBeTruthy();
    expect(["Ann", "Bob", "Cy"].every((n) => inCard.getByText(n))).toBe(true);
    expect(inCard.queryByText("Dee")).toBeNull();
    expect(inCard.getByText("+2 more")).toBeTruthy();
    expect(inCard.getByText(`Updated ${new Date(KB.updatedAt).toLocaleDateString()}`)).toBeTruthy();
    expect(inCard.getByRole("link", { name: "Manage Files" }).getAttribute("href")).toBe(
      "/control-hub/knowledge-bases/kb1",
    );

    fireEvent.click(inCard.getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog");
    expect(
      within(dialog).getByText("Are you sure you want to delete this knowledge base? This action cannot be undone."),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByRole("heading", { name: "No Knowledge Bases Yet" })).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(([u, i]) => String(u).startsWith("/api/kb/manage?id=kb1") && i?.method === "DELETE"),
    ).toBe(true);
  });
});
