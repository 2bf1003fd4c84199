import { describe, expect, it } from "vitest";
import { agentCapabilities, agentToolCountLabel, capabilitySummary } from "./agent-summary";

describe("agentToolCountLabel", () => {
  it("AGENT-17: no enabled tools reads No tools", () => {
    expect(agentToolCountLabel({ tools: {} })).toBe("No tools");
    expect(agentToolCountLabel({ tools: { scrape_url: false } })).toBe("No tools");
  });
  it("AGENT-17: one tool reads 1 Tool, more read N Tools", () => {
    expect(agentToolCountLabel({ tools: { scrape_url: true } })).toBe("1 Tool");
    expect(agentToolCountLabel({ tools: { scrape_url: true, execute_python: { enabled: true } } })).toBe("2 Tools");
  });
  it("[AGENT-08] read_kb_file counts when search_knowledge_base is on", () => {
    const tools = { search_knowledge_base: { enabled: true, config: { accessibleKnowledgeBaseIds: [] } } };
    expect(agentToolCountLabel({ tools })).toBe("2 Tools");
  });
});

describe("capabilitySummary", () => {
  it("AGENT-18: counts callable agents, knowledge bases and MCP servers", () => {
    const agent = {
      tools: {
        call_agent: { enabled: true, config: { callableAgentIds: [1, 2] } },
        search_knowledge_base: { enabled: true, config: { accessibleKnowledgeBaseIds: ["kb"] } },
      },
      mcpServers: [7],
    };
    expect(capabilitySummary(agent)).toEqual(["2 callable agents", "1 knowledge base", "1 MCP server"]);
  });
  it("AGENT-18: a disabled call_agent contributes no callable agents", () => {
    const agent = { tools: { call_agent: { enabled: false, config: { callableAgentIds: [1] } } }, mcpServers: [] };
    expect(agentCapabilities(agent)).toEqual({ callableAgents: 0, knowledgeBases: 0, mcpServers: 0 });
    expect(capabilitySummary(agent)).toEqual(["0 callable agents", "0 knowledge bases", "0 MCP servers"]);
  });
});
