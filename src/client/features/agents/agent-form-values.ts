// The agent form's state and its conversion to POST /api/agents (AGENT-23, AGENT-29, AGENT-31..36),
// validated with the server's own schema so both sides say the same thing.
import {
  DEFAULT_MAX_TOOL_ROUNDTRIPS,
  NEW_AGENT_NAME,
  isReleased,
  saveAgentInput,
  type Agent,
  type AgentStage,
  type SaveAgentInput,
  type ToolSetting,
} from "@/shared/agents/schema";

export interface AgentFormValues {
  name: string;
  description: string;
  logoUrl: string;
  model: string;
  stage: AgentStage;
  systemPrompt: string;
  conversationStarters: string[];
  /** Kept as typed so the box can be cleared; the schema turns it into a number. */
  maxToolRoundtrips: string;
  tools: Record<string, ToolSetting>;
  mcpServers: number[];
  showInChat: boolean;
}

export type AgentFormField = keyof AgentFormValues;
export type AgentFormErrors = Partial<Record<AgentFormField, string>>;

export function newAgentValues(defaultModel = ""): AgentFormValues {
  return {
    name: NEW_AGENT_NAME,
    description: "",
    logoUrl: "",
    model: defaultModel,
    stage: "development",
    systemPrompt: "",
    conversationStarters: [],
    maxToolRoundtrips: String(DEFAULT_MAX_TOOL_ROUNDTRIPS),
    tools: {},
    mcpServers: [],
    showInChat: true,
  };
}

export function valuesFromAgent(agent: Agent): AgentFormValues {
  return {
    name: agent.name,
    description: agent.description ?? "",
    logoUrl: agent.logoUrl ?? "",
    model: agent.model ?? "",
    // A stored value other than development counts as released (rulings.md).
    stage: isReleased(agent.stage) ? "released" : "development",
    systemPrompt: agent.systemPrompt ?? "",
    conversationStarters: [...(agent.conversationStarters ?? [])],
    maxToolRoundtrips: String(agent.maxToolRoundtrips ?? DEFAULT_MAX_TOOL_ROUNDTRIPS),
    tools: agent.tools ?? {},
    mcpServers: [...(agent.mcpServers ?? [])],
    showInChat: agent.showInChat ?? true,
  };
}

export type ParsedAgentForm = { ok: true; payload: SaveAgentInput } | { ok: false; errors: AgentFormErrors };

/** The request body, or the first message per field. Blank conversation starters are dropped. */
export function parseAgentForm(values: AgentFormValues, id?: number): ParsedAgentForm {
  const parsed = saveAgentInput.safeParse({
    ...(id === undefined ? {} : { id }),
    ...values,
    conversationStarters: values.conversationStarters.map((s) => s.trim()).filter(Boolean),
    integrations: [],
  });
  if (parsed.success) return { ok: true, payload: parsed.data };
  const errors: AgentFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as AgentFormField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
