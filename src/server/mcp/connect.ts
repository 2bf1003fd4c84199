// Opens one MCP client. Stdio servers: re-checked against the operator's allow-list and the refused
// environment variables at every spawn, then run in the sandbox (stdio-sandbox.ts), never through a
// shell. Remote servers: every request goes through the outbound guard, Streamable HTTP first,
// falling back to SSE.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type * as McpClientModule from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { AppError } from "../errors";
import { stdioEnvRefusal } from "../../shared/agents/mcp-env";
import { resolvePinned, urlPort } from "../net/outbound-guard";
import { guardedStreamFetch } from "../net/guarded-stream-fetch";
import type { McpServerConfig } from "./queries";
import { mcpRuntimeOptions } from "./runtime-options";
import { checkStdioAllowed } from "./stdio-allowlist";
import { launchStdio } from "./stdio-sandbox";

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
    await withTimeout(
      client.connect(transport, { signal, timeout: connectTimeoutMs }),
      connectTimeoutMs,
      signal,
      "Connecting",
    );
    return client;
  } catch (err) {
    await client.close().catch(() => {});
    await transport.close().catch(() => {});
    throw err;
  }
}

export async function connectMcpServer(server: McpServerConfig, signal: AbortSignal): Promise<Client> {
  if (server.type === "stdio") return connectStdio(server, signal);
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

async function connectStdio(server: McpServerConfig, signal: AbortSignal): Promise<Client> {
  const opts = mcpRuntimeOptions();
  // Stored before these rules existed, or written around the API: refused, not silently dropped.
  for (const name of Object.keys(server.secrets)) {
    const refusal = stdioEnvRefusal(name);
    if (refusal) throw new AppError("bad_request", refusal);
  }
  const plan = checkStdioAllowed(opts.stdioAllowlist, server.command ?? "", server.args, opts.dataDir);
  const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
  const launch = launchStdio(plan, server.secrets, { network: opts.stdioNetwork, dataDir: opts.dataDir });
  // The SDK adds its default variables (HOME, PATH …) for the launcher only: bwrap clears them.
  const transport = new StdioClientTransport({
    command: launch.command,
    args: launch.args,
    env: {},
    stderr: "ignore",
    cwd: "/",
  });
  transport.onclose = launch.release; // the client chains its own handler after this one
  try {
    return await open(transport, signal);
  } catch (err) {
    launch.release();
    throw err;
  }
}
