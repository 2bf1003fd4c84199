// Opens one MCP client. Stdio servers: the stored command and arguments exactly, never a shell,
// re-checked against the operator's allow-list at spawn time, with a minimal environment (PATH and
// the server's own configured variables; none of this process's secrets). Remote servers: every
// request goes through the outbound guard, Streamable HTTP first, falling back to SSE.
import os from "node:os";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type * as McpClientModule from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { AppError } from "../errors";
import { checkStdioAllowed } from "../agents/mcp-service";
import { resolvePinned, urlPort } from "../net/outbound-guard";
import { guardedStreamFetch } from "../net/guarded-stream-fetch";
import type { McpServerConfig } from "./queries";
import { mcpRuntimeOptions } from "./runtime-options";

/** Variables that would let a configured environment change what an allow-listed command runs. */
const UNSAFE_ENV = /^(PATH|LD_.*|DYLD_.*|NODE_OPTIONS|NODE_PATH|PYTHON(PATH|STARTUP|HOME)|PERL5(LIB|OPT)|RUBYOPT|RUBYLIB|BASH_ENV|ENV|SHELLOPTS|IFS)$/i;

export function childEnvironment(configured: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin" };
  for (const [k, v] of Object.entries(configured)) if (!UNSAFE_ENV.test(k) && typeof v === "string") env[k] = v;
  return env;
}

const clientInfo = { name: "switchboard", version: "1.0.0" };

function withTimeout<T>(promise: Promise<T>, ms: number, signal: AbortSignal, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new AppError("bad_gateway", `${what} timed out after ${ms / 1000} s`)), ms);
    const onAbort = () => reject(new AppError("bad_request", "Cancelled"));
    if (signal.aborted) onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
    });
  });
}

// The MCP SDK (~33 MB resident) loads when an agent first uses an MCP server, not at server start.
let sdk: Promise<typeof McpClientModule> | undefined;

async function open(transport: Transport, signal: AbortSignal): Promise<Client> {
  const { Client } = await (sdk ??= import("@modelcontextprotocol/sdk/client/index.js"));
  const client = new Client(clientInfo);
  const { connectTimeoutMs } = mcpRuntimeOptions();
  try {
    await withTimeout(client.connect(transport, { signal, timeout: connectTimeoutMs }), connectTimeoutMs, signal, "Connecting");
    return client;
  } catch (err) {
    await client.close().catch(() => {});
    await transport.close().catch(() => {});
    throw err;
  }
}

export async function connectMcpServer(server: McpServerConfig, signal: AbortSignal): Promise<Client> {
  if (server.type === "stdio") {
    const command = server.command ?? "";
    checkStdioAllowed(mcpRuntimeOptions().stdioAllowlist, command, server.args);
    const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
    const transport = new StdioClientTransport({ command, args: server.args, env: childEnvironment(server.secrets), stderr: "ignore", cwd: os.tmpdir() });
    return open(transport, signal);
  }
  if (!server.url) throw new AppError("bad_request", "The MCP server has no URL");
  const url = new URL(server.url);
  // Refuse before any transport starts, with the guard's own message; the fetch re-checks every request.
  await resolvePinned(url.hostname, urlPort(url));
  const requestInit: RequestInit = { headers: server.secrets };
  const [{ SSEClientTransport }, { StreamableHTTPClientTransport }] = await Promise.all([
    import("@modelcontextprotocol/sdk/client/sse.js"),
    import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
  ]);
  const sse = () => new SSEClientTransport(url, { fetch: guardedStreamFetch, requestInit });
  if (server.type === "sse") return open(sse(), signal);
  try {
    return await open(new StreamableHTTPClientTransport(url, { fetch: guardedStreamFetch, requestInit }), signal);
  } catch (err) {
    if (err instanceof AppError || signal.aborted) throw err;
    // Older servers speak only the HTTP+SSE transport.
    return open(sse(), signal);
  }
}
