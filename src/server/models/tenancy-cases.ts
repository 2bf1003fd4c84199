import type { TenancyCases } from "../test/tenancy-types";
import { call } from "../test/http";
import type { TestContext } from "../test/context";
import type { OrgFixture, TenancyFixture } from "../test/tenancy-fixture";

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

// A price only organisation A set: its model key is the marker; attacks may neither read nor change it.
const PRICED = "azure:tenant-a-priced-deployment";
async function seedPrice(ctx: TestContext, a: OrgFixture) {
  const res = await call(ctx.app, "POST", `/api/updateModelPrice?orgId=${a.id}`, {
    token: a.admin.token,
    body: { model: PRICED, inputPerMillion: 4.321, outputPerMillion: 8.765 },
  });
  if (res.status !== 200) throw new Error(res.text);
  return ["tenant-a-priced-deployment"];
}
async function priceIntact(ctx: TestContext, f: TenancyFixture) {
  const res = await call(ctx.app, "GET", `/api/modelPrices?orgId=${f.a.id}`, { token: f.a.admin.token });
  const row = (res.body.prices as { model: string; inputPerMillion: number; outputPerMillion: number }[]).find(
    (p) => p.model === PRICED,
  );
  if (row?.inputPerMillion !== 4.321 || row.outputPerMillion !== 8.765) throw new Error("A's price changed");
}

Object.assign(modelTenancyCases, {
  "GET /api/modelPrices": {
    seed: seedPrice,
    attacks: (f) => [
      { method: "GET", path: `/api/modelPrices?orgId=${f.a.id}` },
      { method: "GET", path: "/api/modelPrices" },
    ],
    control: (f) => ({ method: "GET", path: `/api/modelPrices?orgId=${f.a.id}`, as: "member" }),
  },
  "POST /api/updateModelPrice": {
    seed: seedPrice,
    attacks: (f) => [
      {
        method: "POST",
        path: `/api/updateModelPrice?orgId=${f.a.id}`,
        body: { model: PRICED, inputPerMillion: 0, outputPerMillion: 0 },
      },
      {
        method: "POST",
        path: "/api/updateModelPrice",
        body: { model: PRICED, inputPerMillion: 0, outputPerMillion: 0 },
      },
    ],
    intact: priceIntact,
  },
  "POST /api/resetModelPrice": {
    seed: seedPrice,
    attacks: (f) => [
      { method: "POST", path: `/api/resetModelPrice?orgId=${f.a.id}`, body: { model: PRICED } },
      { method: "POST", path: "/api/resetModelPrice", body: { model: PRICED } },
    ],
    intact: priceIntact,
  },
} satisfies TenancyCases);
