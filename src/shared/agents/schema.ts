// The agent form's and POST /api/agents' validation (hub spec §5). Messages are the spec's.
import { z } from "zod";
import { intId } from "../ids";
import { storableUrl } from "../urls";

export const AGENT_NAME_MAX = 100;
export const DEFAULT_MAX_TOOL_ROUNDTRIPS = 20;
export const NEW_AGENT_NAME = "New Agent";
export const DELETE_AGENT_CONFIRM = "Are you sure you want to delete this agent? This action cannot be undone.";

export const agentStage = z.enum(["development", "released"]);
export type AgentStage = z.infer<typeof agentStage>;

/** A tool entry: on/off, or on with a config (call_agent's callableAgentIds, search_knowledge_base's accessibleKnowledgeBaseIds). */
export const toolSetting = z.union([
  z.boolean(),
  z
    .object({
      enabled: z.boolean().default(true),
      config: z
        .object({
          callableAgentIds: z.array(intId()).optional(),
          accessibleKnowledgeBaseIds: z.array(z.union([z.string(), z.number()])).optional(),
          // send_email: show the draft in the chat and wait for Send / Cancel (decision 061).
          askBeforeSending: z.boolean().optional(),
        })
        .passthrough()
        .optional(),
    })
    .passthrough(),
]);
export type ToolSetting = z.infer<typeof toolSetting>;

export const agentName = z
  .string({ required_error: "Agent name is required" })
  .trim()
  .min(1, "Agent name is required")
  .max(AGENT_NAME_MAX, "Agent name must be less than 100 characters");

export const agentFields = {
  name: agentName,
  description: z.string().default(""),
  logoUrl: z.union([z.literal(""), storableUrl("Logo URL must be a valid URL")]).default(""),
  model: z.string({ required_error: "AI model is required" }).trim().min(1, "AI model is required"),
  stage: agentStage.default("development"),
  systemPrompt: z.string().default(""),
  conversationStarters: z.array(z.string()).default([]),
  maxToolRoundtrips: z.coerce
    .number({ invalid_type_error: "Max tool roundtrips must be a number" })
    .int("Max tool roundtrips must be a whole number")
    .min(1, "Max tool roundtrips must be between 1 and 100")
    .max(100, "Max tool roundtrips must be between 1 and 100")
    .default(DEFAULT_MAX_TOOL_ROUNDTRIPS),
  tools: z.record(toolSetting).default({}),
  showInChat: z.boolean().default(true),
  // The spec only says integrations are "sent empty": {} (what some clients send), [] and absent all mean none.
  integrations: z.preprocess((v) => (v === null || isEmptyObject(v) ? [] : v), z.array(z.unknown())).default([]),
  mcpServers: z.array(intId()).default([]),
};

function isEmptyObject(v: unknown): boolean {
  return typeof v === "object" && v !== null && !Array.isArray(v) && Object.keys(v).length === 0;
}

/** POST /api/agents: `id` present means update. */
export const saveAgentInput = z.object({ id: intId().optional(), ...agentFields });
export type SaveAgentInput = z.infer<typeof saveAgentInput>;

export const deleteAgentInput = z.object({ agentId: intId("agentId is required") });

export interface Agent {
  id: number;
  name: string;
  description: string;
  logoUrl: string;
  agentLogoUrl: string;
  model: string;
  stage: string;
  systemPrompt: string;
  instructions: string;
  conversationStarters: string[];
  maxToolRoundtrips: number;
  tools: Record<string, ToolSetting>;
  showInChat: boolean;
  integrations: unknown[];
  mcpServers: number[];
  callableAgentIds: number[];
  accessibleKnowledgeBaseIds: Array<string | number>;
  status: "active";
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

/** Any stored stage other than development counts as released (rulings.md). */
export const isReleased = (stage: string) => stage !== "development";

export function isToolEnabled(tools: Record<string, ToolSetting>, name: string): boolean {
  const t = tools[name];
  if (t === undefined) return name === "read_kb_file" ? isToolEnabled(tools, "search_knowledge_base") : false;
  return typeof t === "boolean" ? t : t.enabled !== false;
}

export function toolConfig(tools: Record<string, ToolSetting>, name: string): Record<string, unknown> {
  const t = tools[name];
  return t && typeof t === "object" ? (t.config ?? {}) : {};
}

/** Names of the enabled tools; read_kb_file counts as on when search_knowledge_base is on (AGENT-08). */
export function enabledToolNames(tools: Record<string, ToolSetting>): string[] {
  const names = Object.keys(tools).filter((n) => isToolEnabled(tools, n));
  if (names.includes("search_knowledge_base") && !names.includes("read_kb_file")) names.push("read_kb_file");
  return names;
}
