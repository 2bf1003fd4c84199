// call_agent: only agents in the caller's config.callableAgentIds; the runner supplies runSubAgent.
import type { callAgent } from "./definition";
import { toolError, type ToolExecutor } from "../executor.server";

export const execute: ToolExecutor<typeof callAgent> = async (input, ctx) => {
  const allowed = ((ctx.toolConfig?.callableAgentIds as unknown[]) ?? []).map(Number);
  const agentId = Number(input.agentId);
  if (!Number.isInteger(agentId) || !allowed.includes(agentId))
    return toolError(`Agent ${String(input.agentId)} is not one this agent may call`);
  if (!ctx.runSubAgent) return toolError("Calling agents is not available here");
  try {
    const sub = await ctx.runSubAgent({
      agentId,
      message: input.message,
      respondToThreadId: input.respondToThreadId ?? undefined,
      toolCallId: ctx.toolCallId,
    });
    return {
      status: "success",
      content: sub.text,
      threadId: sub.threadId,
      subConversation: {
        id: sub.threadId,
        threadId: sub.threadId,
        agentName: sub.agentName,
        agentLogoUrl: sub.agentLogoUrl,
      },
    };
  } catch (err) {
    return toolError((err as Error).message || "The called agent failed");
  }
};
