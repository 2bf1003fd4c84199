import { expect } from "vitest";
import type { TenancyCases } from "../test/tenancy-types";
import { call } from "../test/http";
import { connectOpenAI } from "../test/seed";

export const providerTenancyCases: TenancyCases = {
  "GET /api/getConnection": {
    seed: async (ctx, a) => {
      const res = await call(ctx.app, "POST", `/api/updateConnections?orgId=${a.id}`, {
        token: a.admin.token,
        body: {
          action: "create",
          key: "postgres",
          data: { host: "db.tenant-a.example.com", database: "a_db", user: "a_user", password: "a-pg-secret" },
        },
      });
      if (res.status !== 200) throw new Error(res.text);
      return ["db.tenant-a.example.com", "a-pg-secret"];
    },
    attacks: (f) => [
      { method: "GET", path: `/api/getConnection?orgId=${f.a.id}&key=postgres` },
      { method: "GET", path: "/api/getConnection?key=postgres" },
    ],
    control: (f) => ({ method: "GET", path: `/api/getConnection?orgId=${f.a.id}&key=postgres` }),
  },
  "POST /api/updateConnections": {
    seed: async (ctx, a) => [await connectOpenAI(ctx.app, a.admin, a.id)],
    attacks: (f) => [
      { method: "POST", path: `/api/updateConnections?orgId=${f.a.id}`, body: { action: "delete", key: "openai" } },
      {
        method: "POST",
        path: `/api/updateConnections?orgId=${f.a.id}`,
        body: { action: "update", key: "openai", data: { OPENAI_API_KEY: "stolen" } },
      },
      {
        method: "POST",
        path: `/api/updateConnections?orgId=${f.a.id}`,
        body: { openai: { OPENAI_API_KEY: "stolen" } },
      },
    ],
    intact: async (ctx, f) => {
      const res = await call(ctx.app, "GET", `/api/getUser?orgId=${f.a.id}`, { token: f.a.admin.token });
      expect(res.body.organizations[0].connections.openai).toBe(true);
    },
  },
  "POST /api/integrations/postgres/test": {
    attacks: (f) => [{ method: "POST", path: `/api/integrations/postgres/test?orgId=${f.a.id}`, body: {} }],
  },
};
