import type { TenancyCases } from "../test/tenancy-types";
import { call } from "../test/http";

export const modelTenancyCases: TenancyCases = {
  "GET /api/models": {
    seed: async (ctx, a) => {
      const res = await call(ctx.app, "POST", `/api/updateModelPreferences?orgId=${a.id}`, {
        token: a.admin.token,
        body: {
          action: "create",
          key: "azure:tenant-a-deployment",
          data: { provider: "azure_openai", deploymentName: "tenant-a-deployment", type: "chat" },
        },
      });
      if (res.status !== 200) throw new Error(res.text);
      return ["tenant-a-deployment"];
    },
    attacks: (f) => [
      { method: "GET", path: `/api/models?orgId=${f.a.id}` },
      { method: "GET", path: "/api/models" },
    ],
    control: (f) => ({ method: "GET", path: `/api/models?orgId=${f.a.id}` }),
  },
  "POST /api/updateModelPreferences": {
    attacks: (f) => [
      {
        method: "POST",
        path: `/api/updateModelPreferences?orgId=${f.a.id}`,
        body: { action: "delete", key: "azure:tenant-a-deployment" },
      },
      {
        method: "POST",
        path: `/api/updateModelPreferences?orgId=${f.a.id}`,
        body: { action: "create", key: "azure:x", data: { deploymentName: "x", type: "chat" } },
      },
    ],
  },
};
