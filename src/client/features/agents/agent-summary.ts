// What an agent card says about an agent's tools and reach (AGENT-17, AGENT-18).
import { enabledToolNames, isToolEnabled, toolConfig, type Agent } from "@/shared/agents/schema";
import { toolCountLabel } from "@/tools/registry";

type AgentTools = Pick<Agent, "tools" | "mcpServers">;

/** "No tools", "1 Tool", "N Tools": enabled tools, read_kb_file counting with search_knowledge_base (AGENT-08). */
export function agentToolCountLabel(agent: Pick<Agent, "tools">): string {
  return toolCountLabel(enabledToolNames(agent.tools).length);
}

const ids = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export interface Capabilities {
  callableAgents: number;
  knowledgeBases: number;
  mcpServers: number;
}

/** Counts only what is switched on: a callable list under a disabled call_agent does nothing. */
export function agentCapabilities(agent: AgentTools): Capabilities {
  const on = (name: string) => isToolEnabled(agent.tools, name);
  return {
    callableAgents: on("call_agent") ? ids(toolConfig(agent.tools, "call_agent").callableAgentIds).length : 0,
    knowledgeBases: on("search_knowledge_base")
      ? ids(toolConfig(agent.tools, "search_knowledge_base").accessibleKnowledgeBaseIds).length
      : 0,
    mcpServers: agent.mcpServers.length,
  };
}

/** The card's capability line, e.g. ["2 callable agents", "0 knowledge bases", "1 MCP server"]. */
export function capabilitySummary(agent: AgentTools): string[] {
  const c = agentCapabilities(agent);
  return [
    plural(c.callableAgents, "callable agent", "callable agents"),
    plural(c.knowledgeBases, "knowledge base", "knowledge bases"),
    plural(c.mcpServers, "MCP server", "MCP servers"),
  ];
}
