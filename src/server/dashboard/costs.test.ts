// Cost from default and overridden prices (decision 084) against the hand-computed fixture of extras-fixture.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { call, type Identity } from "../test/http";
import type { TestContext } from "../test/context";
import { range, seedExtrasFixture, type ExtrasFixture } from "./extras-fixture";

let ctx: TestContext;
let admin: Identity;
let mem: Identity;
let orgId: string;
let alpha: { id: number };
let beta: { id: number };
let get: ExtrasFixture["get"];

beforeAll(async () => {
  ({ ctx, admin, mem, orgId, alpha, beta, get } = await seedExtrasFixture());
});

describe("GET /api/dashboard/getCosts", () => {
  it("the admin view prices tokens per model by default prices, per agent, user and task", async () => {
    const res = await get(admin, `/api/dashboard/getCosts?allInOrg=true&${range}`);
    expect(res.status).toBe(200);
    // Beta's run: 1M × $3 + 1M × $15 = $18. Alpha: A1 gpt-4.1 $0.006 + its Claude sub-conversation $0.0075,
    // A2 300k × $2 = $0.6 (no model named: Alpha's gpt-4.1); B2's Azure deployment has no price.
    expect(res.body).toEqual({
      currency: "USD",
      totalCost: 18.6135,
      byAgent: [
        { id: String(beta.id), name: "Beta", inputTokens: 1_000_000, outputTokens: 1_000_000, cost: 18 },
        { id: String(alpha.id), name: "Alpha", inputTokens: 303_010, outputTokens: 610, cost: 0.6135 },
      ],
      byUser: [
        { id: admin.userId, name: "Extras-admin Tester", inputTokens: 1_000_010, outputTokens: 1_000_010, cost: 18 },
        { id: mem.userId, name: "Extras-member Tester", inputTokens: 303_000, outputTokens: 600, cost: 0.6135 },
      ],
      byTask: [
        { id: expect.any(String), name: "Nightly digest", inputTokens: 1_000_000, outputTokens: 1_000_000, cost: 18 },
      ],
      unpricedModels: ["azure:my-deploy"],
    });
  });

  it("a member sees their own cost, without the per-user table; allInOrg=true is 403", async () => {
    const res = await get(mem, `/api/dashboard/getCosts?${range}`);
    expect(res.body).toMatchObject({ totalCost: 0.6135, byUser: null, byTask: [], unpricedModels: [] });
    expect(res.body.byAgent).toEqual([
      { id: String(alpha.id), name: "Alpha", inputTokens: 303_000, outputTokens: 600, cost: 0.6135 },
    ]);
    const refused = await get(mem, `/api/dashboard/getCosts?allInOrg=true`);
    expect(refused.status).toBe(403);
  });

  it("an admin's price overrides the default, prices an unpriced model, and resets", async () => {
    const set = (who: Identity, body: unknown) =>
      call(ctx.app, "POST", `/api/updateModelPrice?orgId=${orgId}`, { token: who.token, body });
    expect(
      (await set(admin, { model: "anthropic:claude-sonnet-4-5", inputPerMillion: 1, outputPerMillion: 2 })).status,
    ).toBe(200);
    expect((await set(admin, { model: "azure:my-deploy", inputPerMillion: 10, outputPerMillion: 10 })).status).toBe(
      200,
    );
    // B1 1M × $1 + 1M × $2 = $3; A1's Claude 2000 × $1 + 100 × $2 = $0.0022; B2 20 × $10 = $0.0002.
    const res = await get(admin, `/api/dashboard/getCosts?allInOrg=true&${range}`);
    expect(res.body).toMatchObject({ totalCost: 3.6084, unpricedModels: [] });
    const prices = await get(mem, `/api/modelPrices`);
    expect(prices.body.prices).toEqual(
      expect.arrayContaining([
        {
          model: "anthropic:claude-sonnet-4-5",
          name: "claude-sonnet-4-5",
          inputPerMillion: 1,
          outputPerMillion: 2,
          source: "custom",
        },
        { model: "openai:gpt-4.1", name: "gpt-4.1", inputPerMillion: 2, outputPerMillion: 8, source: "default" },
        {
          model: "azure:my-deploy",
          name: "azure:my-deploy",
          inputPerMillion: 10,
          outputPerMillion: 10,
          source: "custom",
        },
      ]),
    );
    for (const model of ["anthropic:claude-sonnet-4-5", "azure:my-deploy"]) {
      const reset = await call(ctx.app, "POST", `/api/resetModelPrice?orgId=${orgId}`, {
        token: admin.token,
        body: { model },
      });
      expect(reset.status).toBe(200);
    }
    expect((await get(admin, `/api/dashboard/getCosts?allInOrg=true&${range}`)).body.totalCost).toBe(18.6135);
  });

  it("a member cannot change prices (403); bad prices are a 400 in words", async () => {
    const body = { model: "openai:gpt-4.1", inputPerMillion: 0, outputPerMillion: 0 };
    const refused = await call(ctx.app, "POST", `/api/updateModelPrice?orgId=${orgId}`, { token: mem.token, body });
    expect([refused.status, refused.body.error]).toEqual([403, "Only organization admins can update model prices"]);
    const reset = await call(ctx.app, "POST", `/api/resetModelPrice?orgId=${orgId}`, { token: mem.token, body });
    expect(reset.status).toBe(403);
    const bad = await call(ctx.app, "POST", `/api/updateModelPrice?orgId=${orgId}`, {
      token: admin.token,
      body: { model: "openai:gpt-4.1", inputPerMillion: -1, outputPerMillion: "x" },
    });
    expect([bad.status, bad.body.error]).toEqual([
      400,
      "Prices must be numbers from 0 to 10000 (US dollars per 1M tokens)",
    ]);
    const noKey = await call(ctx.app, "POST", `/api/updateModelPrice?orgId=${orgId}`, {
      token: admin.token,
      body: { model: "gpt 4", inputPerMillion: 1, outputPerMillion: 1 },
    });
    expect([noKey.status, noKey.body.error]).toEqual([400, "model must be a model key such as openai:gpt-4.1"]);
  });
});
