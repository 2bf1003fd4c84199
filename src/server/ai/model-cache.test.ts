// A chat's model is built once per organisation, credentials, base URL and name (decision 137): the next chat
// reuses it; a rotated key, another base URL, another organisation or another Azure deployment gets a model of
// its own, and a disconnected provider is refused before any cached model is looked at.
import { streamText } from "ai";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeProvider, type FakeProvider } from "../../../e2e/support/fake-provider";
import { getTestContext, type TestContext } from "../test/context";
import { call } from "../test/http";
import { connectOpenAI } from "../test/seed";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";
import { resolveModel } from "./models";

let ctx: TestContext;
let f: TenancyFixture;
let fake: FakeProvider;
let other: FakeProvider;
const saved = process.env.OPENAI_BASE_URL;
beforeAll(async () => {
  fake = await startFakeProvider();
  other = await startFakeProvider();
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
}, 240_000);
afterEach(() => {
  process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
});
afterAll(async () => {
  process.env.OPENAI_BASE_URL = saved;
  await fake?.close();
  await other?.close();
});

const resolve = (orgId: string, modelKey = "openai:gpt-4.1") => resolveModel({ orgId, modelKey });

/** Streams one reply from the model and returns its text. */
async function reply(orgId: string, prompt: string) {
  const result = streamText({ model: (await resolve(orgId)).model, prompt, maxRetries: 0 });
  return await result.text;
}

describe("models built once (decision 137)", () => {
  it("OpenAI: the same model while nothing changes; another for a rotated key, a base URL or an organisation", async () => {
    process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
    const keyA = await connectOpenAI(ctx.app, f.a.admin, f.a.id);
    const keyB = await connectOpenAI(ctx.app, f.b.admin, f.b.id);
    const first = (await resolve(f.a.id)).model;
    expect((await resolve(f.a.id)).model).toBe(first);
    expect((await resolve(f.a.id, "openai:gpt-4.1-mini")).model).not.toBe(first);
    expect((await resolve(f.b.id)).model).not.toBe(first);

    // Each organisation's calls carry its own key, through the cached models.
    fake.reset();
    expect(await reply(f.a.id, "hello from a")).toBe("You said: hello from a");
    expect(await reply(f.b.id, "hello from b")).toBe("You said: hello from b");
    expect(fake.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${keyA}`, `Bearer ${keyB}`]);

    // A rotated key makes another model, which sends the new key.
    const rotated = await call(ctx.app, "POST", `/api/updateConnections?orgId=${f.a.id}`, {
      token: f.a.admin.token,
      body: { action: "update", key: "openai", data: { OPENAI_API_KEY: "sk-rotated" } },
    });
    expect(rotated.status, rotated.text).toBe(200);
    const second = (await resolve(f.a.id)).model;
    expect(second).not.toBe(first);
    fake.reset();
    await reply(f.a.id, "after rotation");
    expect(fake.requests[0]!.headers.authorization).toBe("Bearer sk-rotated");

    // The operator's base URL is part of the model too.
    process.env.OPENAI_BASE_URL = `${other.url}/v1`;
    other.reset();
    expect((await resolve(f.a.id)).model).not.toBe(second);
    expect(await reply(f.a.id, "elsewhere")).toBe("You said: elsewhere");
    expect(other.requests).toHaveLength(1);

    // Disconnected: refused, whatever model was built before.
    const removed = await call(ctx.app, "POST", `/api/updateConnections?orgId=${f.a.id}`, {
      token: f.a.admin.token,
      body: { action: "delete", key: "openai" },
    });
    expect(removed.status, removed.text).toBe(200);
    await expect(resolve(f.a.id)).rejects.toThrow("OpenAI is not connected");
  });

  it("Azure OpenAI: the same model for the same deployment, another for another resource or deployment", async () => {
    const connect = (action: "create" | "update", resource: string) =>
      call(ctx.app, "POST", `/api/updateConnections?orgId=${f.b.id}`, {
        token: f.b.admin.token,
        body: { action, key: "azure_openai", data: { RESOURCE_NAME: resource, API_KEY: "azure-key" } },
      });
    expect((await connect("create", "acme")).status).toBe(200);
    const first = (await resolve(f.b.id, "azure:gpt-4o")).model;
    expect((await resolve(f.b.id, "azure:gpt-4o")).model).toBe(first);
    expect((await resolve(f.b.id, "azure:gpt-4o-mini")).model).not.toBe(first);
    expect((await connect("update", "globex")).status).toBe(200);
    expect((await resolve(f.b.id, "azure:gpt-4o")).model).not.toBe(first);
  });
});
