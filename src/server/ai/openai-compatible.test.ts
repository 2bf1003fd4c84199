// The OpenAI-compatible provider's base URL is an org admin's input, so its requests go through the
// outbound guard: a loopback server is refused unless the operator opens it with OUTBOUND_ALLOW_HOSTS.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { parseDataStreamPart } from "@ai-sdk/ui-utils";
import { startFakeProvider, type FakeProvider } from "../../../e2e/support/fake-provider";
import { getTestContext, type TestContext } from "../test/context";
import { call } from "../test/http";
import { createAgent } from "../test/seed";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";
import { FORBIDDEN_ADDRESS_MESSAGE, setOutboundAllowList } from "../net/outbound-guard";
import { resolveModel } from "./models";

let ctx: TestContext;
let f: TenancyFixture;
let fake: FakeProvider;
let agentId: number;

beforeAll(async () => {
  fake = await startFakeProvider();
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
  const res = await call(ctx.app, "POST", `/api/updateConnections?orgId=${f.a.id}`, {
    token: f.a.admin.token,
    body: {
      action: "create",
      key: "openai_compatible",
      data: { BASE_URL: `http://127.0.0.1:${fake.port}/v1`, API_KEY: "local-key", MODELS: "llama3.1" },
    },
  });
  expect(res.status, res.text).toBe(200);
  agentId = (await createAgent(ctx.app, f.a.admin, f.a.id, { model: "openai_compatible:llama3.1" })).id;
});
afterAll(async () => fake?.close());
afterEach(() => setOutboundAllowList([]));

async function chat(content: string) {
  const res = await ctx.app.request(`/api/chat?orgId=${f.a.id}`, {
    method: "POST",
    headers: { authorization: `Bearer ${f.a.member.token}`, "content-type": "application/json" },
    body: JSON.stringify({
      agentId,
      threadId: null,
      timezone: "UTC",
      messages: [{ id: randomUUID(), role: "user", content, parts: [{ type: "text", text: content }] }],
    }),
  });
  expect(res.status).toBe(200);
  return (await res.text())
    .split("\n")
    .filter(Boolean)
    .map((l) => parseDataStreamPart(l));
}

describe("openai_compatible provider through the outbound guard", () => {
  it("refuses a loopback base URL by default, with the guard's reason in the chat error part", async () => {
    fake.reset();
    const parts = await chat("hello local");
    const error = parts.find((p) => p.type === "error");
    expect(String(error?.value)).toContain(FORBIDDEN_ADDRESS_MESSAGE);
    expect(fake.requests).toHaveLength(0);
  });

  it("reaches the loopback server when the operator allows the host", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    fake.reset();
    const parts = await chat("hello local");
    expect(
      parts
        .filter((p) => p.type === "text")
        .map((p) => p.value)
        .join(""),
    ).toBe("You said: hello local");
    expect(fake.requests[0]).toMatchObject({ path: "/v1/chat/completions", body: { model: "llama3.1", stream: true } });
    expect(fake.requests[0]!.headers.authorization).toBe("Bearer local-key");
  });

  it("reuses a model while the credentials stay, and makes another once they change (decision 112)", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    const first = (await resolveModel({ orgId: f.a.id, modelKey: "openai_compatible:llama3.1" })).model;
    expect((await resolveModel({ orgId: f.a.id, modelKey: "openai_compatible:llama3.1" })).model).toBe(first);
    const res = await call(ctx.app, "POST", `/api/updateConnections?orgId=${f.a.id}`, {
      token: f.a.admin.token,
      body: {
        action: "update",
        key: "openai_compatible",
        data: { BASE_URL: `http://127.0.0.1:${fake.port}/v1`, API_KEY: "new-key", MODELS: "llama3.1" },
      },
    });
    expect(res.status, res.text).toBe(200);
    const second = (await resolveModel({ orgId: f.a.id, modelKey: "openai_compatible:llama3.1" })).model;
    expect(second).not.toBe(first);
    fake.reset();
    await chat("hello again");
    expect(fake.requests[0]!.headers.authorization).toBe("Bearer new-key");
    // The other tests' key again.
    const back = await call(ctx.app, "POST", `/api/updateConnections?orgId=${f.a.id}`, {
      token: f.a.admin.token,
      body: {
        action: "update",
        key: "openai_compatible",
        data: { BASE_URL: `http://127.0.0.1:${fake.port}/v1`, API_KEY: "local-key", MODELS: "llama3.1" },
      },
    });
    expect(back.status, back.text).toBe(200);
  });
});

describe("openai_compatible provider: security #4 and #6", () => {
  const connect = (action: "create" | "update", data: Record<string, unknown>) =>
    call(ctx.app, "POST", `/api/updateConnections?orgId=${f.b.id}`, {
      token: f.b.admin.token,
      body: { action, key: "openai_compatible", data },
    });
  async function chatB(agent: number, content: string) {
    const res = await ctx.app.request(`/api/chat?orgId=${f.b.id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${f.b.member.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        agentId: agent,
        threadId: null,
        timezone: "UTC",
        messages: [{ id: randomUUID(), role: "user", content, parts: [{ type: "text", text: content }] }],
      }),
    });
    expect(res.status).toBe(200);
    return (await res.text())
      .split("\n")
      .filter(Boolean)
      .map((l) => parseDataStreamPart(l));
  }

  it("security #4: after the base URL moves to another server with the API key left empty, that server never gets the stored key", async () => {
    const other = await startFakeProvider(0, { keyless: true }); // like Ollama: answers without a key
    setOutboundAllowList(["127.0.0.1"]);
    try {
      expect(
        (
          await connect("create", {
            BASE_URL: `http://127.0.0.1:${fake.port}/v1`,
            API_KEY: "org-b-stored-key",
            MODELS: "llama3.1",
          })
        ).status,
      ).toBe(200);
      const agent = (await createAgent(ctx.app, f.b.admin, f.b.id, { model: "openai_compatible:llama3.1" })).id;
      expect(
        (await connect("update", { BASE_URL: `http://127.0.0.1:${other.port}/v1`, API_KEY: "", MODELS: "llama3.1" }))
          .status,
      ).toBe(200);
      const parts = await chatB(agent, "who gets the key?");
      expect(
        parts
          .filter((p) => p.type === "text")
          .map((p) => p.value)
          .join(""),
      ).toBe("You said: who gets the key?");
      expect(other.requests).toHaveLength(1);
      expect(JSON.stringify(other.requests[0]!.headers)).not.toContain("org-b-stored-key");
    } finally {
      await other.close();
    }
  });

  it("security #6: a base URL at an IPv6 form of 127.0.0.1 is refused, even with 127.0.0.1 allowed", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    const agent = (await createAgent(ctx.app, f.b.admin, f.b.id, { model: "openai_compatible:llama3.1" })).id;
    for (const host of ["[::ffff:0:127.0.0.1]", "[64:ff9b::7f00:1]", "[2001:0:4136:e378:8000:63bf:80ff:fffe]"]) {
      expect(
        (await connect("create", { BASE_URL: `http://${host}:${fake.port}/v1`, API_KEY: "k", MODELS: "llama3.1" }))
          .status,
      ).toBe(200);
      fake.reset();
      const error = (await chatB(agent, "hello")).find((p) => p.type === "error");
      expect(String(error?.value), host).toContain(FORBIDDEN_ADDRESS_MESSAGE);
      expect(fake.requests).toHaveLength(0);
    }
  });
});
