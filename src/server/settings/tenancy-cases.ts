import { expect } from "vitest";
import type { TenancyCases } from "../test/tenancy-types";
import { call } from "../test/http";

export const settingsTenancyCases: TenancyCases = {
  "POST /api/orgSettings": {
    attacks: (f) => [
      { method: "POST", path: `/api/orgSettings?orgId=${f.a.id}`, body: { settings: { defaultAgentId: null } } },
    ],
  },
  "POST /api/admin/tools": {
    attacks: (f) => [
      { method: "POST", path: `/api/admin/tools?orgId=${f.a.id}`, body: { enabledPrivateTools: ["save_whiteboard"] } },
    ],
    intact: async (ctx, f) => {
      const res = await call(ctx.app, "GET", `/api/getUser?orgId=${f.a.id}`, { token: f.a.admin.token });
      expect(res.body.organizations[0].settings.enabledPrivateTools).toEqual([]);
    },
  },
  "GET /api/getAPIKey": {
    seed: async (ctx, a) => {
      const res = await call(ctx.app, "GET", `/api/getAPIKey?orgId=${a.id}`, { token: a.admin.token });
      return [res.body.apiKey];
    },
    attacks: (f) => [
      { method: "GET", path: `/api/getAPIKey?orgId=${f.a.id}` },
      { method: "GET", path: "/api/getAPIKey" },
    ],
    control: (f) => ({ method: "GET", path: `/api/getAPIKey?orgId=${f.a.id}` }),
  },
  "POST /api/revokeAPIKey": {
    attacks: (f) => [{ method: "POST", path: `/api/revokeAPIKey?orgId=${f.a.id}`, body: {} }],
    intact: async (ctx, f) => {
      const key = (await call(ctx.app, "GET", `/api/getAPIKey?orgId=${f.a.id}`, { token: f.a.admin.token })).body
        .apiKey;
      expect((await call(ctx.app, "GET", "/api/agents", { token: key })).status).toBe(200);
    },
  },
};
