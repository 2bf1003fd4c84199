// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { SWRConfig } from "swr";
import type { Agent, SaveAgentInput } from "@/shared/agents/schema";
import { MODEL_CATALOG } from "@/shared/models/catalog";
import { ActiveOrgProvider } from "@/client/components/shell/active-org";
import { fetcher } from "@/client/lib/api";
import { AgentForm } from "./agent-form";
import { valuesFromAgent } from "./agent-form-values";
import { jsonResponse as json, mockFetch } from "@/client/test/fetch-mock";
import { makeOrg, makeUser } from "@/client/test/org-fixtures";

const ORG = makeOrg();
const USER = makeUser({ organizations: [ORG] });

const CALLEE = { id: 4, name: "Callee", logoUrl: "", stage: "released", tools: {}, mcpServers: [] } as unknown as Agent;
const SERVER = {
  id: 9,
  name: "Docs MCP",
  description: "Docs",
  enabled: true,
  type: "http",
  url: "https://mcp.example.com/mcp",
};
const AGENT = {
  id: 3,
  name: "Researcher",
  description: "Finds things out",
  logoUrl: "https://example.com/researcher.png",
  model: "openai:gpt-4.1",
  stage: "released",
  systemPrompt: "Cite your sources.",
  conversationStarters: ["What is new?"],
  maxToolRoundtrips: 7,
  tools: {
    scrape_url: true,
    call_agent: { enabled: true, config: { callableAgentIds: [CALLEE.id] } },
    search_knowledge_base: { enabled: true, config: { accessibleKnowledgeBaseIds: [] } },
  },
  showInChat: false,
  mcpServers: [SERVER.id],
} as unknown as Agent;

const fetchMock = mockFetch();
beforeEach(() => {
  fetchMock.mockImplementation(async (url) => {
    if (String(url).startsWith("/api/mcpServers")) return json({ mcpServers: [SERVER] });
    if (String(url).startsWith("/api/agents")) return json([AGENT, CALLEE]);
    return json({});
  });
});

const value = (label: string) =>
  (screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement).value;
const isChecked = (el: HTMLElement) => el.getAttribute("aria-checked") === "true";

describe("AgentForm", () => {
  it("[AGENT-23] has name, description, logoUrl, model, stage, systemPrompt, starters, roundtrips, tools, callable agents, knowledge bases, MCP servers and showInChat", async () => {
    const onSave = vi.fn<(payload: SaveAgentInput) => void>();
    render(
      <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
        <MemoryRouter>
          <ActiveOrgProvider user={USER} org={ORG}>
            <AgentForm
              agentId={AGENT.id}
              initial={valuesFromAgent(AGENT)}
              models={[...MODEL_CATALOG]}
              saving={false}
              onSave={onSave}
            />
          </ActiveOrgProvider>
        </MemoryRouter>
      </SWRConfig>,
    );

    expect(value("Name")).toBe("Researcher");
    expect(value("Description")).toBe("Finds things out");
    expect(value("Logo URL")).toBe("https://example.com/researcher.png");
    expect(value("AI Model")).toBe("openai:gpt-4.1");
    expect(value("Stage")).toBe("released");
    expect(value("System Prompt")).toBe("Cite your sources.");
    expect(value("Conversation starter 1")).toBe("What is new?");
    expect(value("Max Tool Roundtrips")).toBe("7");
    expect(isChecked(screen.getByRole("checkbox", { name: "Scrape URL" }))).toBe(true);
    expect(isChecked(screen.getByRole("checkbox", { name: "Call Agent" }))).toBe(true);
    expect(isChecked(screen.getByRole("checkbox", { name: "Search Knowledge Base" }))).toBe(true);
    // call_agent opens the callable agents list (other agents only); search_knowledge_base the knowledge bases list.
    const callable = await screen.findByRole("list", { name: /Agents this agent may call/ });
    expect(isChecked(await within(callable).findByRole("checkbox", { name: "Callee" }))).toBe(true);
    expect(within(callable).queryByRole("checkbox", { name: "Researcher" })).toBeNull();
    expect(screen.getByRole("list", { name: "Knowledge bases this agent may search" })).toBeTruthy();
    expect(isChecked(await screen.findByRole("checkbox", { name: "Docs MCP" }))).toBe(true);
    expect(isChecked(screen.getByRole("switch", { name: "Show in chat" }))).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toEqual({
      id: 3,
      name: "Researcher",
      description: "Finds things out",
      logoUrl: "https://example.com/researcher.png",
      model: "openai:gpt-4.1",
      stage: "released",
      systemPrompt: "Cite your sources.",
      conversationStarters: ["What is new?"],
      maxToolRoundtrips: 7,
      tools: AGENT.tools,
      mcpServers: [SERVER.id],
      showInChat: false,
      integrations: [],
    });
  });
});
