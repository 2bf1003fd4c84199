// call_agent: runs a callable agent in its own sub-conversation, linked to the parent conversation
// and the tool call, and returns its answer.
import { newRowId } from "../db/row-id";
import { db } from "../db/client";
import { conversation, message } from "../db/tables";
import { AppError } from "../errors";
import { toolConfig, type Agent } from "../../shared/agents/schema";
import { getAgentRow, toAgent } from "../agents/queries";
import { getConversationRow, listMessages } from "../conversations/queries";
import type { SubAgentResult, ToolContext } from "../../tools/executor.server";
import { toModelMessages } from "./model-messages";
import type { ReplyContext } from "./run-reply";

export const MAX_AGENT_DEPTH = 3;

export async function callAgentDescription(orgId: string, agent: Agent): Promise<string> {
  const ids = (toolConfig(agent.tools, "call_agent").callableAgentIds as number[] | undefined) ?? [];
  const agents = (await Promise.all(ids.map((id) => getAgentRow({ orgId, id })))).filter((a) => a !== null);
  if (!agents.length) return "No agents are available to call.";
  return (
    "Agents you can call (use the id as agentId):\n" +
    agents.map((a) => `- ${a.id}: ${a.name}${a.description ? ` — ${a.description}` : ""}`).join("\n")
  );
}

export function makeRunSubAgent(
  parent: ReplyContext,
  start: (
    ctx: ReplyContext,
    history: Awaited<ReturnType<typeof toModelMessages>>,
    replyId: string,
  ) => Promise<{ done: Promise<{ status: string; text: string; error: string | null }> }>,
): NonNullable<ToolContext["runSubAgent"]> {
  return async ({ agentId, message: text, respondToThreadId, toolCallId }): Promise<SubAgentResult> => {
    if (parent.depth + 1 > MAX_AGENT_DEPTH)
      throw new AppError("bad_request", `Agents can call each other at most ${MAX_AGENT_DEPTH} levels deep`);
    const row = await getAgentRow({ orgId: parent.orgId, id: agentId });
    if (!row) throw new AppError("not_found", `Agent ${agentId} not found`);
    const callee = toAgent(row);

    let threadId: string;
    if (respondToThreadId) {
      const existing = await getConversationRow({ orgId: parent.orgId, id: respondToThreadId });
      if (!existing || existing.parentConversationId !== parent.conversationId || existing.agentId !== agentId) {
        throw new AppError("bad_request", "respondToThreadId must be a conversation this chat started with that agent");
      }
      threadId = existing.id;
    } else {
      threadId = newRowId();
      await db()
        .insert(conversation)
        .values({
          id: threadId,
          organizationId: parent.orgId,
          userId: parent.user.id,
          agentId,
          firstMessageText: text.slice(0, 500),
          parentConversationId: parent.conversationId,
          parentToolCallId: toolCallId,
        });
    }
    await db()
      .insert(message)
      .values({
        id: newRowId(),
        organizationId: parent.orgId,
        conversationId: threadId,
        role: "user",
        content: text,
        parts: [{ type: "text", text }],
      });
    const history = await toModelMessages(
      await listMessages({ orgId: parent.orgId, conversationId: threadId }),
      async () => [],
    );
    const child: ReplyContext = { ...parent, agent: callee, conversationId: threadId, depth: parent.depth + 1 };
    child.runSubAgent = makeRunSubAgent(child, start);
    const { done } = await start(child, history, newRowId());
    const outcome = await done;
    if (outcome.status === "error") throw new AppError("bad_gateway", outcome.error ?? "The called agent failed");
    return { threadId, agentName: callee.name, agentLogoUrl: callee.logoUrl, text: outcome.text };
  };
}
