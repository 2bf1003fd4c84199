import { expect } from "vitest";
import type { TenancyCases } from "../test/tenancy-types";
import { call } from "../test/http";
import { createAgent } from "../test/seed";

// Each case seeds its own data; the ids live here between seed, attacks and the intact check.
const ids = { read: 0, write: 0, remove: 0, server: 0, serverRemove: 0 };

const agentStillThere = (id: number, name?: string) => async (ctx: any, f: any) => {
  const res = await call(ctx.app, "GET", `/api/agents?orgId=${f.a.id}&id=${id}`, { token: f.a.admin.token });
  expect(res.status).toBe(200);
  if (name) expect(res.body.name).toBe(name);
};

const mcpServer = async (ctx: any, a: any, name: string) => {
  const res = await call(ctx.app, "POST", `/api/mcpServers?orgId=${a.id}`, {
    token: a.admin.token,
    body: {
      type: "http",
      name,
      url: "https://mcp.tenant-a.example.com/mcp",
      headers: { Authorization: "Bearer tenant-a-mcp-secret" },
    },
  });
  if (res.status !== 201) throw new Error(res.text);
  return res.body.id as number;
};

export const agentTenancyCases: TenancyCases = {
  "GET /api/agents": {
    seed: async (ctx, a) => {
      ids.read = (
        await createAgent(ctx.app, a.admin, a.id, {
          name: "Tenant A Secret Agent",
          systemPrompt: "tenant-a-instructions",
        })
      ).id;
      return ["Tenant A Secret Agent", "tenant-a-instructions"];
    },
    attacks: (f) => [
      { method: "GET", path: `/api/agents?orgId=${f.a.id}` },
      { method: "GET", path: "/api/agents" },
      { method: "GET", path: `/api/agents?id=${ids.read}` },
    ],
    control: (f) => ({ method: "GET", path: `/api/agents?orgId=${f.a.id}&id=${ids.read}` }),
  },
  "POST /api/agents": {
    seed: async (ctx, a) => {
      ids.write = (await createAgent(ctx.app, a.admin, a.id, { name: "Tenant A Writable Agent" })).id;
      return ["Tenant A Writable Agent"];
    },
    attacks: (f) => [
      { method: "POST", path: "/api/agents", body: { id: ids.write, name: "Hijacked", model: "openai:gpt-4.1" } },
      { method: "POST", path: `/api/agents?orgId=${f.a.id}`, body: { name: "Intruder", model: "openai:gpt-4.1" } },
      {
        method: "POST",
        path: `/api/agents?orgId=${f.a.id}`,
        body: { id: ids.write, name: "Hijacked", model: "openai:gpt-4.1" },
      },
      {
        method: "POST",
        path: "/api/agents",
        body: {
          name: "Caller",
          model: "openai:gpt-4.1",
          tools: { call_agent: { enabled: true, config: { callableAgentIds: [ids.write] } } },
        },
      },
    ],
    intact: (ctx, f) => agentStillThere(ids.write, "Tenant A Writable Agent")(ctx, f),
  },
  "DELETE /api/agents": {
    seed: async (ctx, a) => {
      ids.remove = (await createAgent(ctx.app, a.admin, a.id, { name: "Tenant A Deletable Agent" })).id;
      return ["Tenant A Deletable Agent"];
    },
    attacks: (f) => [
      { method: "DELETE", path: "/api/agents", body: { agentId: ids.remove } },
      { method: "DELETE", path: `/api/agents?orgId=${f.a.id}`, body: { agentId: ids.remove } },
    ],
    intact: (ctx, f) => agentStillThere(ids.remove)(ctx, f),
  },
  "GET /api/mcpServers": {
    seed: async (ctx, a) => {
      ids.server = await mcpServer(ctx, a, "Tenant A MCP");
      return ["Tenant A MCP", "mcp.tenant-a.example.com", "tenant-a-mcp-secret"];
    },
    attacks: (f) => [
      { method: "GET", path: `/api/mcpServers?orgId=${f.a.id}` },
      { method: "GET", path: "/api/mcpServers" },
    ],
    control: (f) => ({ method: "GET", path: `/api/mcpServers?orgId=${f.a.id}` }),
  },
  "POST /api/mcpServers": {
    attacks: (f) => [
      {
        method: "POST",
        path: `/api/mcpServers?orgId=${f.a.id}`,
        body: { type: "http", name: "Intruder", url: "https://evil.example.com" },
      },
    ],
    intact: async (ctx, f) => {
      const res = await call(ctx.app, "GET", `/api/mcpServers?orgId=${f.a.id}`, { token: f.a.admin.token });
      expect(res.body.mcpServers.map((s: any) => s.name)).not.toContain("Intruder");
    },
  },
  "DELETE /api/mcpServers": {
    seed: async (ctx, a) => {
      ids.serverRemove = await mcpServer(ctx, a, "Tenant A Deletable MCP");
      return ["Tenant A Deletable MCP"];
    },
    attacks: (f) => [
      { method: "DELETE", path: "/api/mcpServers", body: { id: ids.serverRemove } },
      { method: "DELETE", path: `/api/mcpServers?orgId=${f.a.id}`, body: { id: ids.serverRemove } },
    ],
    intact: async (ctx, f) => {
      const res = await call(ctx.app, "GET", `/api/mcpServers?orgId=${f.a.id}`, { token: f.a.admin.token });
      expect(res.body.mcpServers.map((s: any) => s.id)).toContain(ids.serverRemove);
    },
  },
};
