import { beforeAll, describe, expect, it } from "vitest";
import { getTestContext, type TestContext } from "../test/context";
import { call, type Identity } from "../test/http";
import { createAgent } from "../test/seed";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";

let ctx: TestContext;
let f: TenancyFixture;
beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
});

const post = (who: Identity, body: unknown, orgId = f.a.id) =>
  call(ctx.app, "POST", `/api/agents?orgId=${orgId}`, { token: who.token, body });
const list = (who: Identity = f.a.member) => call(ctx.app, "GET", `/api/agents?orgId=${f.a.id}`, { token: who.token });

describe("agents", () => {
  it("[API-21][AGENT-03][AGENT-29] creates with defaults: development stage, 20 roundtrips, shown in chat", async () => {
    const res = await post(f.a.admin, {
      name: "Helper",
      model: "openai:gpt-4.1",
      systemPrompt: "Be kind to {{user.name}}",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Helper",
      model: "openai:gpt-4.1",
      stage: "development",
      maxToolRoundtrips: 20,
      showInChat: true,
      tools: {},
      mcpServers: [],
      integrations: [],
      systemPrompt: "Be kind to {{user.name}}",
      instructions: "Be kind to {{user.name}}",
      logoUrl: "",
    });
    expect(typeof res.body.id).toBe("number");
    expect((await list()).body.map((a: { id: number }) => a.id)).toContain(res.body.id);
  });

  it("[API-22] integrations sent empty as {}, [] or left out all store an empty list (issue 17 #22)", async () => {
    for (const integrations of [{}, [], undefined]) {
      const res = await post(f.a.admin, { name: "Empty integrations", model: "openai:gpt-4.1", integrations });
      expect(res.status, JSON.stringify(integrations)).toBe(201);
      expect(res.body.integrations).toEqual([]);
    }
  });

  it("[AGENT-01] an agent has a name, logo, description, instructions, conversation starters, a model and tools", async () => {
    const res = await post(f.a.admin, {
      name: "Researcher",
      logoUrl: "https://example.com/researcher.png",
      description: "Finds things out",
      systemPrompt: "Cite your sources.",
      conversationStarters: ["What is new?", "Summarise this page"],
      model: "anthropic:claude-sonnet-4-20250514",
      tools: { scrape_url: true, search_google: true },
    });
    expect(res.status).toBe(201);
    const stored = (
      await call(ctx.app, "GET", `/api/agents?orgId=${f.a.id}&id=${res.body.id}`, { token: f.a.member.token })
    ).body;
    expect(stored).toMatchObject({
      name: "Researcher",
      logoUrl: "https://example.com/researcher.png",
      description: "Finds things out",
      systemPrompt: "Cite your sources.",
      instructions: "Cite your sources.",
      conversationStarters: ["What is new?", "Summarise this page"],
      model: "anthropic:claude-sonnet-4-20250514",
      tools: { scrape_url: true, search_google: true },
    });
  });

  it("[AGENT-06] tools are a map of tool name to an enabled flag or an object with config", async () => {
    const callee = await createAgent(ctx.app, f.a.admin, f.a.id, { name: "Tool map callee" });
    const tools = {
      scrape_url: true,
      search_google: false,
      execute_python: { enabled: false },
      call_agent: { enabled: true, config: { callableAgentIds: [callee.id] } },
    };
    const res = await post(f.a.admin, { name: "Tool map", model: "openai:gpt-4o", tools });
    expect(res.status).toBe(201);
    expect(res.body.tools).toEqual(tools);
    const stored = await call(ctx.app, "GET", `/api/agents?orgId=${f.a.id}&id=${res.body.id}`, {
      token: f.a.member.token,
    });
    expect(stored.body.tools).toEqual(tools);
    expect(stored.body.callableAgentIds).toEqual([callee.id]);

    for (const bad of [{ scrape_url: "yes" }, { scrape_url: 1 }, ["scrape_url"]]) {
      expect(
        (await post(f.a.admin, { name: "Bad tools", model: "openai:gpt-4o", tools: bad })).status,
        JSON.stringify(bad),
      ).toBe(400);
    }
  });

  it("[AGENT-28] stage is development or released; any other value is refused on save", async () => {
    for (const stage of ["development", "released"]) {
      const res = await post(f.a.admin, { name: `Stage ${stage}`, model: "openai:gpt-4o", stage });
      expect(res.status).toBe(201);
      expect(res.body.stage).toBe(stage);
    }
    const bad = await post(f.a.admin, { name: "Stage beta", model: "openai:gpt-4o", stage: "beta" });
    expect(bad.status).toBe(400);
  });

  it("[API-08] GET /api/agents?orgId={orgId} returns the array of the organisation's agents", async () => {
    const mine = await createAgent(ctx.app, f.a.admin, f.a.id, { name: "Listed" });
    const gone = await createAgent(ctx.app, f.a.admin, f.a.id, { name: "Deleted" });
    await call(ctx.app, "DELETE", `/api/agents?orgId=${f.a.id}`, {
      token: f.a.admin.token,
      body: { agentId: gone.id },
    });
    const theirs = await createAgent(ctx.app, f.b.admin, f.b.id, { name: "Other org" });
    const res = await list();
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    const ids = res.body.map((a: { id: number }) => a.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(gone.id);
    expect(ids).not.toContain(theirs.id);
    expect(res.body.find((a: { id: number }) => a.id === mine.id)).toMatchObject({
      id: mine.id,
      name: "Listed",
      model: "openai:gpt-4.1",
    });
  });

  it("[AGENT-33][AGENT-34][AGENT-35][AGENT-36] validation messages", async () => {
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ name: "", model: "openai:gpt-4o" }, "Agent name is required"],
      [{ name: "x".repeat(101), model: "openai:gpt-4o" }, "Agent name must be less than 100 characters"],
      [{ name: "A", model: "" }, "AI model is required"],
      [{ name: "A" }, "AI model is required"],
      [{ name: "A", model: "openai:gpt-4o", maxToolRoundtrips: 0 }, "Max tool roundtrips must be between 1 and 100"],
      [{ name: "A", model: "openai:gpt-4o", maxToolRoundtrips: 101 }, "Max tool roundtrips must be between 1 and 100"],
      [{ name: "A", model: "openai:gpt-4o", logoUrl: "not a url" }, "Logo URL must be a valid URL"],
      [{ name: "A", model: "nonsense" }, "Unknown model: nonsense"],
      [{ name: "A", model: "openai:gpt-4o", tools: { not_a_tool: true } }, "Unknown tool: not_a_tool"],
    ];
    for (const [body, message] of bad) {
      const res = await post(f.a.admin, body);
      expect(res.status, message).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect(
      (await post(f.a.admin, { name: "x".repeat(100), model: "openai:gpt-4o", maxToolRoundtrips: 100, logoUrl: "" }))
        .status,
    ).toBe(201);
  });

  it("security #11: [AGENT-36] a logo URL that is not http(s) or our own file URL is refused, and nothing is stored", async () => {
    const before = (await list(f.a.admin)).body.length;
    for (const logoUrl of [
      "javascript:alert(document.cookie)",
      " JavaScript:alert(1)",
      "data:image/svg+xml,<svg onload=alert(1)>",
      "vbscript:x",
      "//evil.example/x.png",
      "/api/files/../../x",
    ]) {
      const res = await post(f.a.admin, { name: "Logo", model: "openai:gpt-4o", logoUrl });
      expect(res.status, logoUrl).toBe(400);
      expect(res.body.error, logoUrl).toBe("Logo URL must be a valid URL");
    }
    expect((await list(f.a.admin)).body.length).toBe(before);
    const created = await post(f.a.admin, {
      name: "Logo",
      model: "openai:gpt-4o",
      logoUrl: "https://cdn.example.com/logo.png",
    });
    expect(created.status).toBe(201);
    const own = await post(f.a.admin, {
      name: "Logo",
      model: "openai:gpt-4o",
      logoUrl: `/api/files/org/${f.a.id}/logo.png`,
    });
    expect(own.body.logoUrl).toBe(`/api/files/org/${f.a.id}/logo.png`);
    // An update is held to the same rule.
    const update = await post(f.a.admin, {
      id: created.body.id,
      name: "Logo",
      model: "openai:gpt-4o",
      logoUrl: "javascript:alert(1)",
    });
    expect(update.status).toBe(400);
    expect(
      (await call(ctx.app, "GET", `/api/agents?orgId=${f.a.id}&id=${created.body.id}`, { token: f.a.admin.token })).body
        .logoUrl,
    ).toBe("https://cdn.example.com/logo.png");
  });

  it("[AGENT-07][AGENT-02] callable agents must be this organisation's agents, not itself", async () => {
    const callee = await createAgent(ctx.app, f.a.admin, f.a.id, { name: "Callee" });
    const foreign = await createAgent(ctx.app, f.b.admin, f.b.id, { name: "Foreign" });
    const caller = await post(f.a.admin, {
      name: "Caller",
      model: "openai:gpt-4o",
      tools: { call_agent: { enabled: true, config: { callableAgentIds: [callee.id] } } },
    });
    expect(caller.status).toBe(201);
    expect(caller.body.callableAgentIds).toEqual([callee.id]);
    const bad = await post(f.a.admin, {
      name: "Caller2",
      model: "openai:gpt-4o",
      tools: { call_agent: { enabled: true, config: { callableAgentIds: [foreign.id] } } },
    });
    expect(bad.body.error).toBe(`Unknown agent in callable agents: ${foreign.id}`);
    const self = await post(f.a.admin, {
      ...caller.body,
      tools: { call_agent: { enabled: true, config: { callableAgentIds: [caller.body.id] } } },
    });
    expect(self.body.error).toBe("An agent cannot call itself");
  });

  it("[AGENT-43] private tools only once the organisation enabled them; integration tools only when connected", async () => {
    const priv = await post(f.a.admin, { name: "P", model: "openai:gpt-4o", tools: { save_whiteboard: true } });
    expect(priv.status).toBe(400);
    expect(priv.body.error).toMatch(/is a private tool that is not enabled for this organization$/);
    await call(ctx.app, "POST", `/api/admin/tools?orgId=${f.a.id}`, {
      token: f.a.admin.token,
      body: { enabledPrivateTools: ["save_whiteboard"] },
    });
    expect(
      (await post(f.a.admin, { name: "P", model: "openai:gpt-4o", tools: { save_whiteboard: true } })).status,
    ).toBe(201);

    const sql = await post(f.a.admin, { name: "S", model: "openai:gpt-4o", tools: { postgres_sql: true } });
    expect(sql.body.error).toMatch(/requires the PostgreSQL integration$/);
    await call(ctx.app, "POST", `/api/updateConnections?orgId=${f.a.id}`, {
      token: f.a.admin.token,
      body: {
        action: "create",
        key: "postgres",
        data: { host: "db.example.com", database: "d", user: "u", password: "p" },
      },
    });
    expect((await post(f.a.admin, { name: "S", model: "openai:gpt-4o", tools: { postgres_sql: true } })).status).toBe(
      201,
    );
  });

  it("updates when an id is present; an unknown id is a 404", async () => {
    const a = await createAgent(ctx.app, f.a.admin, f.a.id, { name: "Before" });
    const res = await post(f.a.admin, {
      ...a,
      name: "After",
      stage: "released",
      conversationStarters: ["Hi", "  ", "Help"],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: a.id,
      name: "After",
      stage: "released",
      conversationStarters: ["Hi", "Help"],
    });
    expect((await post(f.a.admin, { id: 99999999, name: "X", model: "openai:gpt-4o" })).status).toBe(404);
  });

  it("[API-23][AGENT-37] delete hides the agent and clears it as the default agent", async () => {
    const a = await createAgent(ctx.app, f.a.admin, f.a.id);
    await call(ctx.app, "POST", `/api/orgSettings?orgId=${f.a.id}`, {
      token: f.a.admin.token,
      body: { settings: { defaultAgentId: a.id } },
    });
    const del = await call(ctx.app, "DELETE", `/api/agents?orgId=${f.a.id}`, {
      token: f.a.admin.token,
      body: { agentId: a.id },
    });
    expect(del.body).toEqual({ success: true });
    expect((await list()).body.map((x: { id: number }) => x.id)).not.toContain(a.id);
    expect(
      (await call(ctx.app, "GET", `/api/agents?orgId=${f.a.id}&id=${a.id}`, { token: f.a.admin.token })).status,
    ).toBe(404);
    const user = await call(ctx.app, "GET", `/api/getUser?orgId=${f.a.id}`, { token: f.a.admin.token });
    expect(user.body.organizations[0].settings.defaultAgentId).toBeNull();
    expect(
      (
        await call(ctx.app, "DELETE", `/api/agents?orgId=${f.a.id}`, {
          token: f.a.admin.token,
          body: { agentId: a.id },
        })
      ).status,
    ).toBe(404);
  });

  it("[ROLE-08][ROLE-03] members can list and view but not create, update or delete", async () => {
    const a = await createAgent(ctx.app, f.a.admin, f.a.id, { name: "Members see me" });
    expect((await list(f.a.member)).body.some((x: { name: string }) => x.name === "Members see me")).toBe(true);
    const create = await post(f.a.member, { name: "Nope", model: "openai:gpt-4o" });
    expect(create.status).toBe(403);
    expect(create.body.error).toBe("Only organization admins can create agents");
    const upd = await post(f.a.member, { ...a, name: "Changed" });
    expect(upd.body.error).toBe("Only organization admins can update agents");
    const del = await call(ctx.app, "DELETE", `/api/agents?orgId=${f.a.id}`, {
      token: f.a.member.token,
      body: { agentId: a.id },
    });
    expect(del.status).toBe(403);
    expect(del.body.error).toBe("Only organization admins can delete agents");
    expect(
      (await call(ctx.app, "GET", `/api/agents?orgId=${f.a.id}&id=${a.id}`, { token: f.a.member.token })).body.name,
    ).toBe("Members see me");
  });
});

describe("MCP servers", () => {
  const add = (who: Identity, body: unknown) =>
    call(ctx.app, "POST", `/api/mcpServers?orgId=${f.a.id}`, { token: who.token, body });

  it("[AGENT-11][AGENT-12] admins add remote servers; they appear in the connections map without their headers", async () => {
    const res = await add(f.a.admin, {
      type: "http",
      name: "Docs MCP",
      description: "Docs",
      url: "https://mcp.example.com/mcp",
      headers: { Authorization: "Bearer mcp-secret" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: "Docs MCP",
      description: "Docs",
      enabled: true,
      type: "http",
      url: "https://mcp.example.com/mcp",
    });
    const user = await call(ctx.app, "GET", `/api/getUser?orgId=${f.a.id}`, { token: f.a.member.token });
    expect(user.body.organizations[0].connections.mcp_servers).toContainEqual(res.body);
    expect(user.text).not.toContain("mcp-secret");
    const agent = await post(f.a.admin, { name: "With MCP", model: "openai:gpt-4o", mcpServers: [res.body.id] });
    expect(agent.body.mcpServers).toEqual([res.body.id]);
    await call(ctx.app, "DELETE", `/api/mcpServers?orgId=${f.a.id}`, {
      token: f.a.admin.token,
      body: { id: res.body.id },
    });
    expect(
      (await call(ctx.app, "GET", `/api/agents?orgId=${f.a.id}&id=${agent.body.id}`, { token: f.a.admin.token })).body
        .mcpServers,
    ).toEqual([]);
  });

  it("[AGENT-10] an agent's mcpServers is a list of this organisation's MCP server ids", async () => {
    const one = (await add(f.a.admin, { type: "http", name: "One", url: "https://one.example.com/mcp" })).body;
    const two = (await add(f.a.admin, { type: "http", name: "Two", url: "https://two.example.com/mcp" })).body;
    const agent = await post(f.a.admin, { name: "Two servers", model: "openai:gpt-4o", mcpServers: [one.id, two.id] });
    expect(agent.status).toBe(201);
    expect(agent.body.mcpServers).toEqual([one.id, two.id]);
    const read = await call(ctx.app, "GET", `/api/agents?orgId=${f.a.id}&id=${agent.body.id}`, {
      token: f.a.member.token,
    });
    expect(read.body.mcpServers).toEqual([one.id, two.id]);
    const foreign = await call(ctx.app, "POST", `/api/mcpServers?orgId=${f.b.id}`, {
      token: f.b.admin.token,
      body: { type: "http", name: "B", url: "https://b.example.com/mcp" },
    });
    expect(
      (await post(f.a.admin, { name: "Foreign", model: "openai:gpt-4o", mcpServers: [foreign.body.id] })).body.error,
    ).toBe(`Unknown MCP server: ${foreign.body.id}`);
    expect((await post(f.a.admin, { name: "Not a list", model: "openai:gpt-4o", mcpServers: "one" })).status).toBe(400);
  });

  it("stdio servers need the operator's allow-list, command and arguments", async () => {
    const res = await add(f.a.admin, {
      type: "stdio",
      name: "FS",
      command: "npx",
      args: ["-y", "@modelcontextprotocol/server-filesystem"],
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(
      "Stdio MCP servers are disabled on this server: the operator has not allowed any command",
    );
    const { checkStdioAllowed } = await import("../mcp/stdio-allowlist");
    const allow = { npx: ["-y", "@modelcontextprotocol/*"] };
    expect(() => checkStdioAllowed(allow, "npx", ["-y", "@modelcontextprotocol/server-filesystem"])).not.toThrow();
    expect(() => checkStdioAllowed(allow, "npx", ["-y", "evil-package"])).toThrow(
      'Argument "evil-package" is not allowed for npx',
    );
    expect(() => checkStdioAllowed(allow, "bash", ["-c", "rm -rf /"])).toThrow(
      "Command bash is not allowed for stdio MCP servers (allowed: npx)",
    );
  });

  it("security #11: a remote MCP server's URL must be http(s)", async () => {
    for (const url of ["javascript:alert(1)", "file:///etc/passwd", "ftp://mcp.example.com/", "/api/files/x"]) {
      const res = await add(f.a.admin, { type: "http", name: "Bad", url });
      expect(res.status, url).toBe(400);
      expect(res.body.error, url).toBe("URL must be a valid URL");
    }
  });

  it("members cannot add MCP servers; an unknown server id on an agent is refused", async () => {
    const res = await add(f.a.member, { type: "http", name: "X", url: "https://x.example.com" });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("Only organization admins can manage MCP servers");
    expect((await post(f.a.admin, { name: "M", model: "openai:gpt-4o", mcpServers: [987654] })).body.error).toBe(
      "Unknown MCP server: 987654",
    );
  });
});
