// MCP servers' tools at chat time, against real MCP servers built with the SDK (a stdio script and a
// Streamable HTTP server on loopback) and the loopback fake model provider, through POST /api/chat.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseDataStreamPart } from "@ai-sdk/ui-utils";
import { startFakeProvider, type FakeProvider } from "../../../e2e/support/fake-provider";
import { getTestContext, type TestContext } from "../test/context";
import { call, type Identity } from "../test/http";
import { connectOpenAI, createAgent } from "../test/seed";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";
import { db } from "../db/client";
import { mcpServer } from "../db/tables";
import { secrets } from "../security/secrets";
import { FORBIDDEN_ADDRESS_MESSAGE, setOutboundAllowList } from "../net/outbound-guard";
import { startEchoHttp, type EchoHttp } from "./fixtures/echo-http.mjs";
import { mcpRuntimeOptions, setMcpRuntimeOptions } from "./runtime-options";
import { openAgentMcp } from "./agent-mcp";
import { connectMcpServer } from "./connect";
import { MCP_STDIO_LIMITS } from "./stdio-sandbox";
import { processesOf } from "../sandbox/uid-pool";

const STDIO_SCRIPT = path.join(import.meta.dirname, "fixtures", "echo-stdio.mjs");
const ALLOW = { [process.execPath]: [STDIO_SCRIPT] };

let ctx: TestContext;
let f: TenancyFixture;
let fake: FakeProvider;
let http: EchoHttp;
const saved = mcpRuntimeOptions();

beforeAll(async () => {
  fake = await startFakeProvider();
  http = await startEchoHttp();
  process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
  await connectOpenAI(ctx.app, f.a.admin, f.a.id);
});
afterAll(async () => {
  setMcpRuntimeOptions(saved);
  await fake?.close();
  await http?.close();
});
afterEach(() => {
  setMcpRuntimeOptions({ ...saved, stdioAllowlist: ALLOW });
  setOutboundAllowList([]);
  fake.reset();
});

async function addServer(
  orgId: string,
  fields: Partial<typeof mcpServer.$inferInsert> & { secret?: Record<string, string> },
) {
  const { secret, ...rest } = fields;
  const [row] = await db()
    .insert(mcpServer)
    .values({
      organizationId: orgId,
      name: "Echo Stdio",
      type: "stdio",
      command: process.execPath,
      args: [STDIO_SCRIPT],
      encryptedSecrets: secret ? secrets().encryptJson(secret) : null,
      ...rest,
    })
    .returning();
  return row!;
}

const userMsg = (content: string) => ({
  id: randomUUID(),
  role: "user",
  content,
  parts: [{ type: "text", text: content }],
});

async function chat(who: Identity, agentId: number, content: string) {
  const res = await ctx.app.request(`/api/chat?orgId=${f.a.id}`, {
    method: "POST",
    headers: { authorization: `Bearer ${who.token}`, "content-type": "application/json" },
    body: JSON.stringify({ agentId, threadId: null, timezone: "UTC", messages: [userMsg(content)] }),
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const threadId = res.headers.get("x-thread-id")!;
  const convo = await call(ctx.app, "GET", `/api/getConversation?orgId=${f.a.id}&threadId=${threadId}`, {
    token: who.token,
  });
  const parts = text
    .split("\n")
    .filter(Boolean)
    .map((l) => parseDataStreamPart(l));
  return { parts, assistant: convo.body.messages[1] };
}

const toolNames = (i = 0): string[] => (fake.requests[i]!.body.tools ?? []).map((t: any) => t.function.name);
const systemText = (i = 0): string => fake.requests[i]!.body.messages[0].content;

let lastParts: Awaited<ReturnType<typeof chat>>["parts"] | undefined;

/** Runs one MCP tool call through the chat and returns the stored tool result. */
async function callTool(agentId: number, name: string, args: Record<string, unknown> = {}) {
  fake.enqueue({ toolCalls: [{ name, args }] });
  const { assistant, parts } = await chat(f.a.member, agentId, `please run ${name}`);
  lastParts = parts;
  expect(assistant.content).toBe("The tool finished. Here is the summary.");
  expect(assistant.toolInvocations[0]).toMatchObject({ state: "result", toolName: name, args });
  return assistant.toolInvocations[0].result;
}

/** This worker's child processes running the stdio fixture. */
function fixtureChildren(): string[] {
  try {
    return execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(process.pid)], { encoding: "utf8" })
      .split("\n")
      .filter((l) => l.includes("echo-stdio.mjs"));
  } catch {
    return []; // ps exits 1 when there is no child
  }
}

describe("MCP tools at chat time", () => {
  beforeAll(() => setMcpRuntimeOptions({ stdioAllowlist: ALLOW }));

  it("[AGENT-10] [STREAM-06] [STREAM-07] offers the agent's MCP servers' tools namespaced beside its catalogue tools, and the agent calls one end to end", async () => {
    const server = await addServer(f.a.id, {});
    const agent = await createAgent(ctx.app, f.a.admin, f.a.id, {
      tools: { search_google: true },
      mcpServers: [server.id],
    });
    const result = await callTool(agent.id, "mcp_echo_stdio_echo", { text: "hello mcp" });
    expect(result).toEqual({ status: "success", content: "echo: hello mcp" });
    const streamed = lastParts!;
    expect(streamed.find((p) => p.type === "tool_call")!.value).toMatchObject({
      toolName: "mcp_echo_stdio_echo",
      args: { text: "hello mcp" },
    });
    expect(streamed.find((p) => p.type === "tool_result")!.value).toMatchObject({
      result: { status: "success", content: "echo: hello mcp" },
    });
    expect(toolNames().sort()).toEqual([
      "mcp_echo_stdio_connect",
      "mcp_echo_stdio_echo",
      "mcp_echo_stdio_env_keys",
      "mcp_echo_stdio_fail",
      "mcp_echo_stdio_pid",
      "mcp_echo_stdio_read_file",
      "mcp_echo_stdio_sleep",
      "mcp_echo_stdio_whoami",
      "mcp_echo_stdio_write_file",
      "search_google",
    ]);
    const echo = fake.requests[0]!.body.tools.find((t: any) => t.function.name === "mcp_echo_stdio_echo");
    expect(echo.function.parameters).toMatchObject({
      type: "object",
      properties: { text: { type: "string" } },
      required: ["text"],
    });
    // The model's second step got the MCP result.
    expect(JSON.stringify(fake.requests[1]!.body.messages)).toContain("echo: hello mcp");
  });

  it("maps an MCP error result to an error tool result", async () => {
    const server = await addServer(f.a.id, {});
    const agent = await createAgent(ctx.app, f.a.admin, f.a.id, { mcpServers: [server.id] });
    expect(await callTool(agent.id, "mcp_echo_stdio_fail")).toEqual({ status: "error", error: "it broke" });
  });

  it("gives a tool call a time limit, and honours the abort signal", async () => {
    const server = await addServer(f.a.id, {});
    const agent = await createAgent(ctx.app, f.a.admin, f.a.id, { mcpServers: [server.id] });
    setMcpRuntimeOptions({ callTimeoutMs: 300 });
    const result = await callTool(agent.id, "mcp_echo_stdio_sleep", { ms: 3_000 });
    expect(result).toMatchObject({
      status: "error",
      error: expect.stringMatching(/^The MCP tool sleep failed: .*timed out/i),
    });

    setMcpRuntimeOptions({ callTimeoutMs: 60_000 });
    const mcp = await openAgentMcp({
      orgId: f.a.id,
      agent: { id: agent.id, mcpServers: [server.id] },
      signal: new AbortController().signal,
    });
    const abort = new AbortController();
    const started = Date.now();
    const execute = mcp.tools.mcp_echo_stdio_sleep!.execute as unknown as (
      input: unknown,
      o: { toolCallId: string; messages: never[]; abortSignal: AbortSignal },
    ) => Promise<unknown>;
    const pending = execute({ ms: 3_000 }, { toolCallId: "t1", messages: [], abortSignal: abort.signal });
    setTimeout(() => abort.abort(), 100);
    expect(await pending).toMatchObject({ status: "error" });
    expect(Date.now() - started).toBeLessThan(3_000);
    await mcp.close();
  });

  it("spawns the stdio child with PATH, HOME and its own configured variables only: no server secrets", async () => {
    process.env.SWITCHBOARD_TEST_SECRET = "do-not-leak";
    try {
      const server = await addServer(f.a.id, { secret: { MY_TOKEN: "t0k" } });
      const agent = await createAgent(ctx.app, f.a.admin, f.a.id, { mcpServers: [server.id] });
      const result = await callTool(agent.id, "mcp_echo_stdio_env_keys");
      expect(JSON.parse(result.content)).toEqual(["HOME", "MY_TOKEN", "PATH", "PWD"]); // PWD: bwrap sets it with the working folder
    } finally {
      delete process.env.SWITCHBOARD_TEST_SECRET;
    }
  });

  it("security #3: a member's chat runs the stdio server as an unprivileged uid that cannot see DATA_DIR/secret.key", async () => {
    const key = path.join(ctx.config.dataDir, "secret.key");
    writeFileSync(key, "the-master-key", { mode: 0o644 }); // readable by anyone who can see it: only isolation hides it
    setMcpRuntimeOptions({ dataDir: ctx.config.dataDir });
    const server = await addServer(f.a.id, {});
    const agent = await createAgent(ctx.app, f.a.admin, f.a.id, { mcpServers: [server.id] });
    const who = JSON.parse((await callTool(agent.id, "mcp_echo_stdio_whoami")).content);
    expect(who.uid).not.toBe(0);
    expect(who.uid).toBeGreaterThanOrEqual(MCP_STDIO_LIMITS.uidBase);
    const read = await callTool(agent.id, "mcp_echo_stdio_read_file", { path: key }).finally(() => rmSync(key));
    expect(read).toEqual({ status: "success", content: "error ENOENT" });
    expect(JSON.stringify(fake.requests)).not.toContain("the-master-key");
  });

  it("closes the clients when the reply ends: the stdio child has exited", async () => {
    const server = await addServer(f.a.id, {});
    const agent = await createAgent(ctx.app, f.a.admin, f.a.id, { mcpServers: [server.id] });
    // The server runs in its own pid namespace as a uid of its own: no process of that uid may be left.
    const { uid } = JSON.parse((await callTool(agent.id, "mcp_echo_stdio_whoami")).content);
    expect(uid).toBeGreaterThanOrEqual(MCP_STDIO_LIMITS.uidBase);
    await expect.poll(() => processesOf(uid), { timeout: 5_000 }).toBe(0);
  });

  it("closes the clients when the reply fails too", async () => {
    const server = await addServer(f.a.id, {});
    const agent = await createAgent(ctx.app, f.a.admin, f.a.id, { mcpServers: [server.id] });
    fake.enqueue({ toolCalls: [{ name: "mcp_echo_stdio_whoami", args: {} }] }, { httpError: 500 }, { httpError: 500 }); // the SDK retries once
    const { parts, assistant } = await chat(f.a.member, agent.id, "whoami then fail");
    expect(parts.some((p) => p.type === "error")).toBe(true);
    const { uid } = JSON.parse(assistant.toolInvocations[0].result.content);
    expect(uid).toBeGreaterThanOrEqual(MCP_STDIO_LIMITS.uidBase);
    await expect.poll(() => processesOf(uid), { timeout: 5_000 }).toBe(0);
  });

  it("stop cancels a running MCP tool call and closes the clients", async () => {
    const server = await addServer(f.a.id, {});
    const agent = await createAgent(ctx.app, f.a.admin, f.a.id, { mcpServers: [server.id] });
    fake.enqueue({ toolCalls: [{ name: "mcp_echo_stdio_sleep", args: { ms: 20_000 } }] });
    const started = await ctx.app.request(`/api/chat?orgId=${f.a.id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${f.a.member.token}`, "content-type": "application/json" },
      body: JSON.stringify({ agentId: agent.id, threadId: null, timezone: "UTC", messages: [userMsg("sleep")] }),
    });
    const threadId = started.headers.get("x-thread-id")!;
    const reader = started.body!.getReader();
    let got = "";
    while (!got.includes("\n9:")) got += new TextDecoder().decode((await reader.read()).value);
    expect(fixtureChildren().length).toBe(1);
    const stop = await call(ctx.app, "DELETE", `/api/chat?orgId=${f.a.id}&chatId=${threadId}`, {
      token: f.a.member.token,
    });
    expect(stop.body).toEqual({ success: true, stopped: true });
    while (!(await reader.read()).done);
    await expect.poll(() => fixtureChildren().length, { timeout: 8_000 }).toBe(0);
    const convo = await call(ctx.app, "GET", `/api/getConversation?orgId=${f.a.id}&threadId=${threadId}`, {
      token: f.a.member.token,
    });
    expect(convo.body.messages[1].status).toBe("aborted");
  });

  it("refuses at spawn time a stdio command the allow-list no longer names, and the chat still answers", async () => {
    const server = await addServer(f.a.id, { name: "Gone Tool" });
    const agent = await createAgent(ctx.app, f.a.admin, f.a.id, { mcpServers: [server.id] });
    setMcpRuntimeOptions({ stdioAllowlist: {} });
    const { assistant } = await chat(f.a.member, agent.id, "hello");
    expect(assistant).toMatchObject({ content: "You said: hello" });
    expect(toolNames()).toEqual([]);
    expect(systemText()).toContain('The tools of these MCP servers are unavailable right now: "Gone Tool".');
    // An argument outside the allow-list is refused too.
    setMcpRuntimeOptions({ stdioAllowlist: { [process.execPath]: ["--version"] } });
    const mcp = await openAgentMcp({
      orgId: f.a.id,
      agent: { id: agent.id, mcpServers: [server.id] },
      signal: new AbortController().signal,
    });
    expect(mcp.unavailable).toEqual(["Gone Tool"]);
    await mcp.close();
  });

  it("skips a server that fails to connect and keeps the others", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    const good = await addServer(f.a.id, {});
    const dead = await addServer(f.a.id, {
      name: "Dead",
      type: "http",
      command: null,
      args: [],
      url: "http://127.0.0.1:9/mcp",
    });
    const crashing = await addServer(f.a.id, { name: "Crashing", args: ["-e", "process.exit(3)"] });
    setMcpRuntimeOptions({ stdioAllowlist: { [process.execPath]: [STDIO_SCRIPT, "-e", "process.exit(3)"] } });
    const agent = await createAgent(ctx.app, f.a.admin, f.a.id, { mcpServers: [good.id, dead.id, crashing.id] });
    const { assistant } = await chat(f.a.member, agent.id, "still there?");
    expect(assistant).toMatchObject({ content: "You said: still there?" });
    expect(toolNames()).toContain("mcp_echo_stdio_echo");
    expect(systemText()).toContain("unavailable right now");
    expect(systemText()).toContain('"Dead"');
    expect(systemText()).toContain('"Crashing"');
  });

  it("only uses enabled servers of the agent's own organisation", async () => {
    const other = await addServer(f.b.id, { name: "Other Org" });
    const disabled = await addServer(f.a.id, { name: "Disabled", enabled: false });
    const mcp = await openAgentMcp({
      orgId: f.a.id,
      agent: { id: 0, mcpServers: [other.id, disabled.id] },
      signal: new AbortController().signal,
    });
    expect(Object.keys(mcp.tools)).toEqual([]);
    expect(mcp.unavailable).toEqual([]);
    await mcp.close();
  });
});

describe("remote (Streamable HTTP) MCP servers", () => {
  it("are refused on a loopback address by the outbound guard", async () => {
    const server = await addServer(f.a.id, {
      name: "Remote Echo",
      type: "http",
      command: null,
      args: [],
      url: `http://127.0.0.1:${http.port}/mcp`,
    });
    const before = http.requests.length;
    const mcp = await openAgentMcp({
      orgId: f.a.id,
      agent: { id: 0, mcpServers: [server.id] },
      signal: new AbortController().signal,
    });
    expect(mcp.unavailable).toEqual(["Remote Echo"]);
    expect(Object.keys(mcp.tools)).toEqual([]);
    expect(http.requests.length).toBe(before); // never connected
    await mcp.close();
  });

  it("work when the operator allows the host, sending the configured headers", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    const server = await addServer(f.a.id, {
      name: "Remote Echo",
      type: "http",
      command: null,
      args: [],
      url: `http://127.0.0.1:${http.port}/mcp`,
      secret: { authorization: "Bearer remote-key" },
    });
    const agent = await createAgent(ctx.app, f.a.admin, f.a.id, { mcpServers: [server.id] });
    const result = await callTool(agent.id, "mcp_remote_echo_echo", { text: "over http" });
    expect(result).toEqual({ status: "success", content: "echo: over http" });
    expect(http.requests.at(-1)!.headers.authorization).toBe("Bearer remote-key");
    expect(http.requests.at(-1)!.headers["user-agent"]).toBe("SwitchboardBot/1.0");
  });

  it("fall back to the HTTP+SSE transport for a server that only speaks SSE", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    const server = await addServer(f.a.id, {
      name: "Old Echo",
      type: "http",
      command: null,
      args: [],
      url: `http://127.0.0.1:${http.port}/sse`,
    });
    const agent = await createAgent(ctx.app, f.a.admin, f.a.id, { mcpServers: [server.id] });
    expect(await callTool(agent.id, "mcp_old_echo_echo", { text: "legacy" })).toEqual({
      status: "success",
      content: "echo: legacy",
    });
    expect(http.requests.some((r) => r.method === "GET" && r.url === "/sse")).toBe(true);
  });

  it("security #6: a server at an IPv6 form embedding 127.0.0.1 is refused with the guard's reason, even with 127.0.0.1 allowed", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    const before = http.requests.length;
    for (const host of [
      "[::ffff:0:127.0.0.1]",
      "[64:ff9b::127.0.0.1]",
      "[2002:7f00:1::]",
      "[2001:0:4136:e378:8000:63bf:80ff:fffe]",
    ]) {
      for (const type of ["http", "sse"]) {
        const server = {
          id: 1,
          name: "Embedded",
          type,
          command: null,
          args: [],
          url: `http://${host}:${http.port}/mcp`,
          secrets: { authorization: "Bearer remote-key" },
        };
        await expect(connectMcpServer(server, new AbortController().signal), `${type} ${host}`).rejects.toThrow(
          FORBIDDEN_ADDRESS_MESSAGE,
        );
      }
    }
    expect(http.requests.length).toBe(before);
  });

  it("the guard's refusal names the reason", async () => {
    const { guardedStreamFetch } = await import("../net/guarded-stream-fetch");
    await expect(guardedStreamFetch(`http://127.0.0.1:${http.port}/mcp`)).rejects.toThrow(FORBIDDEN_ADDRESS_MESSAGE);
    await expect(guardedStreamFetch(`http://[::ffff:7f00:1]:${http.port}/mcp`)).rejects.toThrow(
      FORBIDDEN_ADDRESS_MESSAGE,
    );
  });
});
