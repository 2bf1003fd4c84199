// The MCP side of one reply: connects the agent's enabled MCP servers (same organisation only), lists
// their tools and exposes each as an AI SDK tool named `mcp_<server>_<tool>`. A server that fails is
// skipped (logged without secrets; the model is told it is unavailable) so the chat still answers.
// close() ends every client (stdio children exit) and runs when the reply finishes, stops or fails.
import type * as Ai from "ai";
import type { ToolSet } from "ai";
import { aiSdk } from "../ai/sdk";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { log } from "../logger";
import type { Agent } from "../../shared/agents/schema";
import { toolError } from "../../tools/executor.server";
import { connectMcpServer } from "./connect";
import { loadMcpServers, type McpServerConfig } from "./queries";
import { MAX_TOOLS_PER_SERVER, mcpRuntimeOptions } from "./runtime-options";
import { mcpToolName, serverSlug } from "./tool-names";
import { toToolResult } from "./tool-result";

export interface AgentMcp {
  tools: ToolSet;
  /** Names of servers whose tools could not be offered this time. */
  unavailable: string[];
  close(): Promise<void>;
}

const MAX_DESCRIPTION = 2_000;
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

interface ListedTool {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

async function listTools(client: Client, signal: AbortSignal): Promise<ListedTool[]> {
  const tools: ListedTool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : undefined, {
      signal,
      timeout: mcpRuntimeOptions().connectTimeoutMs,
    });
    tools.push(...(page.tools as ListedTool[]));
    cursor = page.nextCursor;
  } while (cursor && tools.length < MAX_TOOLS_PER_SERVER);
  return tools.slice(0, MAX_TOOLS_PER_SERVER);
}

async function openServer(server: McpServerConfig, signal: AbortSignal) {
  const client = await connectMcpServer(server, signal);
  try {
    return { server, client, tools: await listTools(client, signal) };
  } catch (err) {
    await client.close().catch(() => {});
    throw err;
  }
}

export async function openAgentMcp({
  orgId,
  agent,
  signal,
}: {
  orgId: string;
  agent: Pick<Agent, "id" | "mcpServers">;
  signal: AbortSignal;
}): Promise<AgentMcp> {
  const servers = await loadMcpServers({ orgId, ids: agent.mcpServers ?? [] });
  const sdk = servers.length ? await aiSdk() : undefined;
  const settled = await Promise.allSettled(servers.map((s) => openServer(s, signal)));
  const clients: Client[] = [];
  const unavailable: string[] = [];
  const tools: ToolSet = {};
  const taken = new Set<string>();
  settled.forEach((r, i) => {
    const server = servers[i]!;
    if (r.status === "rejected") {
      unavailable.push(server.name);
      log.warn("MCP server unavailable", {
        orgId,
        agentId: agent.id,
        mcpServerId: server.id,
        type: server.type,
        error: errorText(r.reason),
      });
      return;
    }
    clients.push(r.value.client);
    const slug = serverSlug(server.name, server.id);
    for (const t of r.value.tools) {
      const name = mcpToolName(slug, t.name, taken);
      taken.add(name);
      tools[name] = mcpTool(sdk!, r.value.client, server, t);
    }
  });
  let closed: Promise<void> | null = null;
  return {
    tools,
    unavailable,
    close: () => (closed ??= Promise.all(clients.map((c) => c.close().catch(() => {}))).then(() => {})),
  };
}

function mcpTool({ jsonSchema, tool }: typeof Ai, client: Client, server: McpServerConfig, t: ListedTool) {
  const schema =
    t.inputSchema && typeof t.inputSchema === "object" ? t.inputSchema : { type: "object", properties: {} };
  return tool({
    description: [`(MCP server "${server.name}")`, t.description?.slice(0, MAX_DESCRIPTION)].filter(Boolean).join(" "),
    inputSchema: jsonSchema({ ...schema, type: "object" } as Parameters<typeof jsonSchema>[0]),
    execute: async (input: unknown, opts: { abortSignal?: AbortSignal }) => {
      try {
        const result = await client.callTool(
          { name: t.name, arguments: (input ?? {}) as Record<string, unknown> },
          undefined,
          {
            signal: opts.abortSignal,
            timeout: mcpRuntimeOptions().callTimeoutMs,
          },
        );
        return toToolResult(result);
      } catch (err) {
        return toolError(`The MCP tool ${t.name} failed: ${errorText(err)}`);
      }
    },
  });
}

/** A line for the system prompt naming servers whose tools are missing this time. */
export function unavailableNotice(names: string[]): string {
  if (!names.length) return "";
  return `\n\nThe tools of these MCP servers are unavailable right now: ${names.map((n) => `"${n}"`).join(", ")}. Do not pretend to use them.`;
}
