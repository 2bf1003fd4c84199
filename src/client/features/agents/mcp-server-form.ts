// The "Add MCP server" dialog's fields turned into POST /api/mcpServers' body (AGENT-11), checked
// with the server's schema.
import { mcpServerInput, type McpServerInput } from "@/shared/agents/mcp-schema";

export type McpServerType = "http" | "sse" | "stdio";

export interface McpServerFormValues {
  type: McpServerType;
  name: string;
  description: string;
  url: string;
  command: string;
  /** One argument per line, so arguments may contain spaces. */
  args: string;
}

export const emptyMcpServerForm = (): McpServerFormValues => ({
  type: "http",
  name: "",
  description: "",
  url: "",
  command: "",
  args: "",
});

export type ParsedMcpServerForm =
  { ok: true; input: McpServerInput } | { ok: false; errors: Partial<Record<keyof McpServerFormValues, string>> };

export function parseMcpServerForm(v: McpServerFormValues): ParsedMcpServerForm {
  const raw =
    v.type === "stdio"
      ? {
          type: v.type,
          name: v.name,
          description: v.description,
          command: v.command,
          args: v.args
            .split("\n")
            .map((a) => a.trim())
            .filter(Boolean),
        }
      : { type: v.type, name: v.name, description: v.description, url: v.url };
  const parsed = mcpServerInput.safeParse(raw);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: Partial<Record<keyof McpServerFormValues, string>> = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as keyof McpServerFormValues] ??= issue.message;
  return { ok: false, errors };
}

/** What a server's row shows under its name: the command for stdio, else the URL (AGENT-11). */
export function mcpServerTarget(server: { type: string; command?: string; args?: string[]; url?: string }): string {
  if (server.type === "stdio") return [server.command ?? "", ...(server.args ?? [])].join(" ").trim();
  return server.url ?? "";
}
