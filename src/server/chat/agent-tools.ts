// The AI SDK tool set of an agent: its enabled catalogue tools with their server executors. A tool
// without an executor answers "not available yet" as an error result. A private tool runs only while
// the organisation has it enabled (TOOL-06): an admin who disables it stops agents that already had it.
import type { ToolSet } from "ai";
import { enabledToolNames, toolConfig, type Agent } from "../../shared/agents/schema";
import { toolsByName } from "../../tools/registry";
import { toolExecutors } from "../../tools/executors.server";
import { toolError, toolNotAvailable, type ToolContext } from "../../tools/executor.server";
import { errorMessage } from "./protocol";
import { getOrgState } from "../settings/queries";

async function privateToolEnabled(orgId: string, name: string): Promise<boolean> {
  const { settings } = await getOrgState({ orgId });
  return settings.enabledPrivateTools.includes(name);
}

/**
 * Tools configured through another tool: the knowledge-base readers reach the knowledge bases of
 * search_knowledge_base's accessibleKnowledgeBaseIds (AGENT-08: read_kb_file is on with it).
 */
const CONFIG_OF: Record<string, string> = {
  read_kb_file: "search_knowledge_base",
  get_kb_file_pages: "search_knowledge_base",
};

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
    // The object `tool()` would return: the SDK's `tool` only infers types (it returns its argument), and
    // calling it would load the SDK with this module at start (decision 113's addendum).
    tools[name] = {
      description: [def.description, extraDescriptions[name]].filter(Boolean).join("\n\n"),
      inputSchema: def.input,
      execute: async (input: unknown, opts: { toolCallId: string; abortSignal?: AbortSignal }) => {
        if (!executor) return toolNotAvailable(name);
        // read_kb_file comes with search_knowledge_base unless the agent set it itself (enabledToolNames).
        const implied = name === "read_kb_file" && agent.tools[name] === undefined;
        if (def.isPrivate && !implied && !(await privateToolEnabled(ctx.orgId, name))) {
          return toolError(`${def.displayName} is a private tool that is not enabled for this organization`);
        }
        try {
          return await executor(input, {
            ...ctx,
            toolCallId: opts.toolCallId,
            abortSignal: opts.abortSignal ?? new AbortController().signal,
            toolConfig: toolConfig(agent.tools, CONFIG_OF[name] ?? name),
          } as ToolContext);
        } catch (err) {
          return toolError(errorMessage(err));
        }
      },
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the input type is each tool's own schema
    } as any;
  }
  return tools;
}
