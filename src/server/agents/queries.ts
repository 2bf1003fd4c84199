import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { db } from "../db/client";
import { agent } from "../db/tables";
import type { Agent } from "../../shared/agents/schema";
import { TopicCache } from "../cache/invalidation";
import { toolConfig } from "../../shared/agents/schema";

type AgentRow = typeof agent.$inferSelect;

export function toAgent(row: AgentRow): Agent {
  const callable = toolConfig(row.tools, "call_agent").callableAgentIds;
  const kbs = toolConfig(row.tools, "search_knowledge_base").accessibleKnowledgeBaseIds;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    logoUrl: row.logoUrl,
    agentLogoUrl: row.logoUrl,
    model: row.model,
    stage: row.stage,
    systemPrompt: row.systemPrompt,
    instructions: row.systemPrompt,
    conversationStarters: row.conversationStarters,
    maxToolRoundtrips: row.maxToolRoundtrips,
    tools: row.tools,
    showInChat: row.showInChat,
    integrations: row.integrations,
    mcpServers: row.mcpServers,
    callableAgentIds: Array.isArray(callable) ? (callable as number[]) : [],
    accessibleKnowledgeBaseIds: Array.isArray(kbs) ? (kbs as Array<string | number>) : [],
    status: "active",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

/** The organisation's agents that are not deleted, by name. */
export async function listAgents({ orgId }: { orgId: string }): Promise<Agent[]> {
  const rows = await db()
    .select()
    .from(agent)
    .where(and(eq(agent.organizationId, orgId), isNull(agent.deletedAt)))
    .orderBy(asc(agent.name), asc(agent.id));
  return rows.map(toAgent);
}

export async function getAgentRow({
  orgId,
  id,
  includeDeleted = false,
}: {
  orgId: string;
  id: number;
  includeDeleted?: boolean;
}) {
  const [row] = await db()
    .select()
    .from(agent)
    .where(and(eq(agent.organizationId, orgId), eq(agent.id, id), includeDeleted ? undefined : isNull(agent.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Which of `ids` are live agents of the organisation. */
export async function existingAgentIds({ orgId, ids }: { orgId: string; ids: number[] }): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db()
    .select({ id: agent.id })
    .from(agent)
    .where(and(eq(agent.organizationId, orgId), inArray(agent.id, ids), isNull(agent.deletedAt)));
  return new Set(rows.map((r) => r.id));
}

// Chat reads its agent on every message; agent writes invalidate the "agents" topic (agent-service,
// mcp/server-service). Other readers go to the database.
const chatAgents = new TopicCache<AgentRow | null>("agents");

/** A live agent for running a chat reply; the caller gets its own copy. */
export async function getAgentRowForChat({ orgId, id }: { orgId: string; id: number }) {
  const row = await chatAgents.get(`${orgId}:${id}`, () => getAgentRow({ orgId, id }));
  return row && structuredClone(row);
}
