// Checks an agent's references against the organisation: tools exist (private ones only when
// enabled, integration tools only when connected), callable agents, knowledge bases and MCP servers
// belong to it.
import { AppError } from "../errors";
import { enabledToolNames, toolConfig, type SaveAgentInput, type ToolSetting } from "../../shared/agents/schema";
import { INTEGRATION_BY_KEY } from "../../shared/connections/integrations";
import { toolsByName } from "../../tools/registry";
import { existingAgentIds } from "./queries";
import { existingMcpServerIds } from "../mcp/queries";
import { existingKnowledgeBaseIds } from "../kb/kb-queries";

const fail = (message: string) => new AppError("bad_request", message);

export async function validateAgentReferences(opts: {
  orgId: string;
  input: SaveAgentInput;
  previousTools: Record<string, ToolSetting>;
  enabledPrivateTools: string[];
  connections: Record<string, unknown>;
  externalScopesOk: (integration: string) => boolean;
}) {
  const { orgId, input } = opts;
  const before = new Set(enabledToolNames(opts.previousTools));
  for (const name of Object.keys(input.tools)) {
    const def = toolsByName[name];
    if (!def) throw fail(`Unknown tool: ${name}`);
  }
  for (const name of enabledToolNames(input.tools)) {
    const def = toolsByName[name]!;
    if (before.has(name)) continue; // already enabled: an integration disconnected since does not block other edits
    if (
      def.isPrivate &&
      !opts.enabledPrivateTools.includes(name) &&
      !(name === "read_kb_file" && input.tools[name] === undefined)
    ) {
      throw fail(`${def.displayName} is a private tool that is not enabled for this organization`);
    }
    const needs = def.requiredIntegration;
    if (needs) {
      const connected = INTEGRATION_BY_KEY[needs]?.requiresOAuth
        ? opts.externalScopesOk(needs)
        : Boolean(opts.connections[needs]);
      if (!connected)
        throw fail(`${def.displayName} requires the ${INTEGRATION_BY_KEY[needs]?.name ?? needs} integration`);
    }
  }

  const callable = (toolConfig(input.tools, "call_agent").callableAgentIds as number[] | undefined) ?? [];
  if (input.id !== undefined && callable.includes(input.id)) throw fail("An agent cannot call itself");
  const agentsFound = await existingAgentIds({ orgId, ids: callable });
  const missingAgent = callable.find((id) => !agentsFound.has(id));
  if (missingAgent !== undefined) throw fail(`Unknown agent in callable agents: ${missingAgent}`);

  const kbs =
    (toolConfig(input.tools, "search_knowledge_base").accessibleKnowledgeBaseIds as unknown[] | undefined) ?? [];
  const kbsFound = await existingKnowledgeBaseIds({ orgId, ids: kbs.map(String) });
  const missingKb = kbs.find((id) => !kbsFound.has(String(id)));
  if (missingKb !== undefined) throw fail(`Unknown knowledge base: ${String(missingKb)}`);

  const servers = await existingMcpServerIds({ orgId, ids: input.mcpServers });
  const missingServer = input.mcpServers.find((id) => !servers.has(id));
  if (missingServer !== undefined) throw fail(`Unknown MCP server: ${missingServer}`);
}
