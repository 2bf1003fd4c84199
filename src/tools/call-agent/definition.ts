import { z } from "zod";
import { defineTool } from "../define-tool";
import { str } from "../status-parts";

// Which agents may be called is the agent's tool config (callableAgentIds), not an argument (TOOL-08).
export const callAgent = defineTool({
  name: "call_agent",
  displayName: "Call Agent",
  description:
    "Delegate a task to another agent in this organization and get its reply, optionally continuing an earlier exchange with it.",
  category: "Communication",
  statusLine: ({ ok, result, displayName }) =>
    ok
      ? `Response from ${str((result.subConversation as { agentName?: string } | undefined)?.agentName ?? "agent")}`
      : `Error: ${displayName} failed`,
  input: z.object({
    message: z.string().trim().min(1).describe("What to ask or tell the other agent, with all the context it needs."),
    agentId: z
      .union([z.number().int().positive(), z.string().trim().min(1)])
      .describe("Id of the agent to call; must be one of the agents this agent is allowed to call."),
    respondToThreadId: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe(
        "Thread id returned by an earlier call to the same agent, to continue that conversation instead of starting a new one.",
      ),
  }),
});
