// Create, update and (soft) delete agents.
import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "../db/client";
import { agent } from "../db/tables";
import { AppError } from "../errors";
import type { SaveAgentInput } from "../../shared/agents/schema";
import { INTEGRATION_BY_KEY, isOAuthConnected } from "../../shared/connections/integrations";
import { getConnectionMap } from "../providers/connections";
import { getOrgState } from "../settings/queries";
import { listExternalAccounts } from "../auth-orgs/external-accounts";
import { getAgentRow, toAgent } from "./queries";
import { validateAgentReferences } from "./validate-agent";
import { clearDefaultAgent } from "./default-agent";
import { invalidate } from "../cache/invalidation";

const KNOWN_MODEL_PREFIXES = [
  "openai",
  "anthropic",
  "google",
  "azure",
  "azure_openai",
  "xai",
  "aws_bedrock",
  "google_vertex",
  "openai_compatible",
];

export async function saveAgent({ orgId, userId, input }: { orgId: string; userId: string; input: SaveAgentInput }) {
  const prefix = input.model.split(":")[0]!;
  if (!input.model.includes(":") || !KNOWN_MODEL_PREFIXES.includes(prefix))
    throw new AppError("bad_request", `Unknown model: ${input.model}`);
  const previous = input.id === undefined ? null : await getAgentRow({ orgId, id: input.id });
  if (input.id !== undefined && !previous) throw new AppError("not_found", "Agent not found");

  const [connections, state, accounts] = await Promise.all([
    getConnectionMap({ orgId }),
    getOrgState({ orgId }),
    listExternalAccounts({ userId }),
  ]);
  await validateAgentReferences({
    orgId,
    input,
    previousTools: previous?.tools ?? {},
    enabledPrivateTools: state.settings.enabledPrivateTools,
    connections,
    externalScopesOk: (key) => isOAuthConnected(INTEGRATION_BY_KEY[key]!, accounts),
  });

  const values = {
    name: input.name,
    description: input.description,
    logoUrl: input.logoUrl,
    model: input.model,
    stage: input.stage,
    systemPrompt: input.systemPrompt,
    conversationStarters: input.conversationStarters.map((s) => s.trim()).filter(Boolean),
    maxToolRoundtrips: input.maxToolRoundtrips,
    tools: input.tools,
    showInChat: input.showInChat,
    integrations: input.integrations,
    mcpServers: input.mcpServers,
  };
  if (previous) {
    const [row] = await db()
      .update(agent)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(agent.organizationId, orgId), eq(agent.id, previous.id), isNull(agent.deletedAt)))
      .returning();
    invalidate("agents");
    if (!row) throw new AppError("not_found", "Agent not found");
    return toAgent(row);
  }
  const [row] = await db()
    .insert(agent)
    .values({ ...values, organizationId: orgId, createdBy: userId })
    .returning();
  return toAgent(row!);
}

export async function deleteAgent({ orgId, id }: { orgId: string; id: number }) {
  const rows = await db()
    .update(agent)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(agent.organizationId, orgId), eq(agent.id, id), isNull(agent.deletedAt)))
    .returning({ id: agent.id });
  invalidate("agents");
  if (!rows.length) throw new AppError("not_found", "Agent not found");
  await clearDefaultAgent({ orgId, agentId: id });
}
