import { beforeAll, describe, expect, it } from "vitest";
import { getTestContext, type TestContext } from "../test/context";
import { call, type Identity } from "../test/http";
import { connectOpenAI } from "../test/seed";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";

let ctx: TestContext;
let f: TenancyFixture;
beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
});

const prefs = (who: Identity, body: unknown) =>
  call(ctx.app, "POST", `/api/updateModelPreferences?orgId=${f.a.id}`, { token: who.token, body });

describe("model preferences", () => {
  it("[MODEL-21][API-26] a default chat model must belong to a connected provider", async () => {
    const before = await prefs(f.a.admin, { action: "set_default", key: "chat", data: "openai:gpt-4.1" });
    expect(before.status).toBe(400);
    expect(before.body.error).toBe("Model openai:gpt-4.1 is not available for chat");
    await connectOpenAI(ctx.app, f.a.admin, f.a.id);
    const ok = await prefs(f.a.admin, { action: "set_default", key: "chat", data: "openai:gpt-4.1" });
    expect(ok.status).toBe(200);
    expect(ok.body.modelPreferences.defaultChatModel).toBe("openai:gpt-4.1");
    const emb = await prefs(f.a.admin, {
      action: "set_default",
      key: "embedding",
      data: "openai:text-embedding-3-small",
    });
    expect(emb.body.modelPreferences.defaultEmbeddingModel).toBe("openai:text-embedding-3-small");
    expect((await prefs(f.a.admin, { action: "set_default", key: "embedding", data: "openai:gpt-4.1" })).status).toBe(
      400,
    );
    const user = await call(ctx.app, "GET", `/api/getUser?orgId=${f.a.id}`, { token: f.a.member.token });
    expect(user.body.organizations[0].modelPreferences).toMatchObject({
      defaultChatModel: "openai:gpt-4.1",
      defaultEmbeddingModel: "openai:text-embedding-3-small",
    });
  });

  it("GET /api/models lists only connected providers' models", async () => {
    // Its own organisation, so it holds whichever test ran before it (the suite runs shuffled).
    const g = await createTenancyFixture(ctx.app);
    await connectOpenAI(ctx.app, g.a.admin, g.a.id);
    const res = await call(ctx.app, "GET", `/api/models?orgId=${g.a.id}`, { token: g.a.member.token });
    const keys = res.body.models.map((m: { key: string }) => m.key);
    expect(keys).toContain("openai:gpt-5");
    expect(keys).not.toContain("anthropic:claude-sonnet-4-20250514");
  });

  it("[MODEL-19][MODEL-20][API-27][API-28] Azure instances: create with defaults, then delete", async () => {
    const created = await prefs(f.a.admin, {
      action: "create",
      key: "azure:my-gpt",
      data: { provider: "azure_openai", deploymentName: "my-gpt", type: "chat" },
    });
    expect(created.status).toBe(200);
    expect(created.body.modelPreferences.modelInstances["azure:my-gpt"]).toEqual({
      provider: "azure_openai",
      deploymentName: "my-gpt",
      type: "chat",
      underlyingModel: "gpt-4",
    });
    const emb = await prefs(f.a.admin, {
      action: "create",
      key: "azure:my-emb",
      data: { deploymentName: "my-emb", type: "embedding" },
    });
    expect(emb.body.modelPreferences.modelInstances["azure:my-emb"].underlyingModel).toBe("text-embedding-ada-002");
    expect(
      (
        await prefs(f.a.admin, {
          action: "create",
          key: "azure:my-gpt",
          data: { deploymentName: "my-gpt", type: "chat" },
        })
      ).status,
    ).toBe(409);
    const deleted = await prefs(f.a.admin, { action: "delete", key: "azure:my-gpt" });
    expect(deleted.body.modelPreferences.modelInstances["azure:my-gpt"]).toBeUndefined();
    expect((await prefs(f.a.admin, { action: "delete", key: "azure:my-gpt" })).status).toBe(404);
  });

  it("[MODEL-16] Azure deployments are user-defined: deploymentName, underlyingModel and type chat or embedding", async () => {
    const created = await prefs(f.a.admin, {
      action: "create",
      key: "azure:team-4o",
      data: { deploymentName: "team-4o", underlyingModel: "gpt-4o", type: "chat" },
    });
    expect(created.status).toBe(200);
    expect(created.body.modelPreferences.modelInstances["azure:team-4o"]).toEqual({
      provider: "azure_openai",
      deploymentName: "team-4o",
      underlyingModel: "gpt-4o",
      type: "chat",
    });
    const emb = await prefs(f.a.admin, {
      action: "create",
      key: "azure:team-emb",
      data: { deploymentName: "team-emb", underlyingModel: "text-embedding-3-large", type: "embedding" },
    });
    expect(emb.body.modelPreferences.modelInstances["azure:team-emb"]).toMatchObject({
      type: "embedding",
      underlyingModel: "text-embedding-3-large",
    });
    const bad = await prefs(f.a.admin, {
      action: "create",
      key: "azure:team-x",
      data: { deploymentName: "team-x", type: "image" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("type must be chat or embedding");
    const stored = await call(ctx.app, "GET", `/api/getUser?orgId=${f.a.id}`, { token: f.a.member.token });
    expect(Object.keys(stored.body.organizations[0].modelPreferences.modelInstances)).toEqual(
      expect.arrayContaining(["azure:team-4o", "azure:team-emb"]),
    );
  });

  it("[MODEL-23] an Azure instance without a deployment name: Please fill in all required fields", async () => {
    const res = await prefs(f.a.admin, { action: "create", key: "azure:", data: { deploymentName: "", type: "chat" } });
    expect(res.status).toBe(400);
    const res2 = await prefs(f.a.admin, {
      action: "create",
      key: "azure:x",
      data: { deploymentName: "  ", type: "chat" },
    });
    expect(res2.body.error).toBe("Please fill in all required fields");
  });

  it("[MODEL-17] Azure chat instances are offered once Azure is connected, with the spec's defaults", async () => {
    // Its own organisation: another test may have connected Azure in the shared one (the suite runs shuffled).
    const g = (await createTenancyFixture(ctx.app)).a;
    const offered = async () =>
      (await call(ctx.app, "GET", `/api/models?orgId=${g.id}`, { token: g.member.token })).body.models.find(
        (m: { key: string }) => m.key === "azure:chat-dep",
      );
    const created = await call(ctx.app, "POST", `/api/updateModelPreferences?orgId=${g.id}`, {
      token: g.admin.token,
      body: { action: "create", key: "azure:chat-dep", data: { deploymentName: "chat-dep", type: "chat" } },
    });
    expect(created.status).toBe(200);
    expect(await offered()).toBeUndefined();
    await call(ctx.app, "POST", `/api/updateConnections?orgId=${g.id}`, {
      token: g.admin.token,
      body: { action: "create", key: "azure_openai", data: { RESOURCE_NAME: "r", API_KEY: "k" } },
    });
    expect(await offered()).toMatchObject({ tokens: 128000, outputTokens: 8192, vision: true, type: "chat" });
  });

  it("[ROLE-04][ROLE-05] members get 403 for every action", async () => {
    for (const body of [
      { action: "set_default", key: "chat", data: "openai:gpt-4o" },
      { action: "create", key: "azure:m", data: { deploymentName: "m", type: "chat" } },
      { action: "delete", key: "azure:chat-dep" },
    ]) {
      const res = await prefs(f.a.member, body);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("Only organization admins can update model preferences");
    }
  });
});
