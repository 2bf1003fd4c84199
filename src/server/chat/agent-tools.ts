// The AI SDK tool set of an agent: its enabled catalogue tools with their server executors. A tool
// without an executor answers "not available yet" as an error result.
import { tool, type ToolSet } from "ai";
import { enabledToolNames, toolConfig, type Agent } from "../../shared/agents/schema";
import { toolsByName } from "../../tools/registry";
import { toolExecutors } from "../../tools/executors.server";
import { toolError, toolNotAvailable, type ToolContext } from "../../tools/executor.server";
import { errorMessage } from "./protocol";

export function buildAgentTools(
  agent: Agent,
  ctx: Omit<ToolContext, "toolCallId" | "abortSignal">,
  extraDescriptions: Record<string, string> = {},
): ToolSet {
  const tools: ToolSet = {};
  for (const name of enabledToolNames(agent.tools)) {
    const def = toolsByName[name];
    if (!def) continue;
    const executor = toolExecutors[name];
    tools[name] = tool({
      description: [def.description, extraDescriptions[name]].filter(Boolean).join("\n\n"),
      inputSchema: def.input,
      execute: async (input: unknown, opts: { toolCallId: string; abortSignal?: AbortSignal }) => {
        if (!executor) return toolNotAvailable(name);
        try {
          return await executor(input, {
            ...ctx,
            toolCallId: opts.toolCallId,
            abortSignal: opts.abortSignal ?? new AbortController().signal,
            toolConfig: toolConfig(agent.tools, name),
          } as ToolContext);
        } catch (err) {
          return toolError(errorMessage(err));
        }
      },
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the input type is each tool's own schema
    } as any);
  }
  return tools;
}
