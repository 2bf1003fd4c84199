// Which agents the chat offers and which one it starts with (chat spec §2 "Chat screen").
import { isReleased, type Agent } from "@/shared/agents/schema";

export const DEFAULT_CONVERSATION_STARTERS = [
  "How can I help you?",
  "Tell me more about your project",
  "What's on your mind?",
];

type ChatAgent = Pick<Agent, "id" | "name" | "stage" | "showInChat">;

/** CHAT-10/11/12: agents shown in chat, by name, split into the main (active) and development groups. */
export function chatAgentGroups<T extends ChatAgent>(agents: readonly T[]): { active: T[]; development: T[] } {
  const shown = agents.filter((a) => a.showInChat !== false).sort((a, b) => a.name.localeCompare(b.name));
  return { active: shown.filter((a) => isReleased(a.stage)), development: shown.filter((a) => !isReleased(a.stage)) };
}

/** CHAT-14: the organisation default, else the first active, else the first development, else the first agent. */
export function defaultChatAgent<T extends ChatAgent>(
  agents: readonly T[],
  defaultAgentId: number | null | undefined,
): T | undefined {
  const { active, development } = chatAgentGroups(agents);
  return agents.find((a) => a.id === defaultAgentId) ?? active[0] ?? development[0] ?? agents[0];
}

/** CHAT-01: `?agent=` names an agent by id or by name, case-insensitively. */
export function agentFromParam<T extends ChatAgent>(agents: readonly T[], param: string | null): T | undefined {
  const wanted = param?.trim();
  if (!wanted) return undefined;
  return (
    agents.find((a) => String(a.id) === wanted) ?? agents.find((a) => a.name.toLowerCase() === wanted.toLowerCase())
  );
}

/** CHAT-08/09: the agent's own starters, else the defaults. */
export function conversationStarters(agent: Pick<Agent, "conversationStarters"> | undefined): string[] {
  const own = (agent?.conversationStarters ?? []).map((s) => s.trim()).filter(Boolean);
  return own.length ? own : DEFAULT_CONVERSATION_STARTERS;
}
