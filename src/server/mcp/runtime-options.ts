// Operator limits for MCP servers at chat time, set once from the config at start (services.ts).
export interface McpRuntimeOptions {
  /** MCP_STDIO_ALLOWLIST, re-checked every time a stdio server is spawned. */
  stdioAllowlist: Record<string, string[]>;
  /** MCP_STDIO_NETWORK: stdio servers share the host's network (otherwise they have none). */
  stdioNetwork: boolean;
  /** DATA_DIR, which no stdio server may see. */
  dataDir?: string;
  /** How long connecting and listing tools may take per server (MCP_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs: number;
  /** How long one tool call may take (MCP_TOOL_TIMEOUT_MS). */
  callTimeoutMs: number;
}

export const MCP_DEFAULTS = { connectTimeoutMs: 10_000, callTimeoutMs: 60_000 } as const;
/** Most tools one server may contribute, and the longest tool result text handed to the model. */
export const MAX_TOOLS_PER_SERVER = 64;
export const MAX_RESULT_CHARS = 100_000;

let options: McpRuntimeOptions = { stdioAllowlist: {}, stdioNetwork: false, ...MCP_DEFAULTS };

export function setMcpRuntimeOptions(next: Partial<McpRuntimeOptions>) {
  options = { ...options, ...next };
}

export const mcpRuntimeOptions = () => options;
