// Issue 17 #4 (decision 082): a provider key is checked with the provider's list-models call when it
// is saved. The far end is the loopback stand-in speaking each API's wire format; a refused key is not
// saved and the form gets the provider's words; an unreachable provider saves with a warning.
import { createServer, type AddressInfo, type Server } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  FAKE_REJECTED_KEY,
  FAKE_UNAVAILABLE_KEY,
  startFakeProvider,
  type FakeProvider,
} from "../../../e2e/support/fake-provider";
import { createApp, type App } from "../app";
import { setOutboundAllowList } from "../net/outbound-guard";
import { getTestContext, testConfig, type TestContext } from "../test/context";
import { call } from "../test/http";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";
import { checkProviderKey } from "./key-check";

let ctx: TestContext;
let f: TenancyFixture;
let fake: FakeProvider;
let app: App;
/** Accepts connections and never answers. */
let silent: Server;
let silentPort: number;

const ENV = ["OPENAI_BASE_URL", "ANTHROPIC_BASE_URL", "GOOGLE_BASE_URL", "XAI_BASE_URL", "AZURE_OPENAI_BASE_URL"];

beforeAll(async () => {
  ctx = await getTestContext();
  app = createApp({ config: testConfig({ PROVIDER_KEY_CHECK: "on" }), auth: ctx.services.auth });
  f = await createTenancyFixture(app);
  fake = await startFakeProvider();
  silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  silentPort = (silent.address() as AddressInfo).port;
});
afterAll(async () => {
  await fake?.close();
  silent?.close();
});
afterEach(() => {
  for (const name of ENV) delete process.env[name];
  setOutboundAllowList([]);
  fake.reset();
});

function pointAtFake() {
  process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
  process.env.ANTHROPIC_BASE_URL = `${fake.url}/v1`;
  process.env.GOOGLE_BASE_URL = `${fake.url}/v1beta`;
  process.env.XAI_BASE_URL = `${fake.url}/v1`;
  process.env.AZURE_OPENAI_BASE_URL = `${fake.url}/openai`;
  // Azure's host is the admin's choice: its check goes through the outbound guard, like its chats.
  setOutboundAllowList(["127.0.0.1"]);
}

const save = (key: string, data: Record<string, string>, action = "create") =>
  call(app, "POST", `/api/updateConnections?orgId=${f.a.id}`, { token: f.a.admin.token, body: { action, key, data } });
const described = async (key: string) =>
  (await call(app, "GET", `/api/getConnection?orgId=${f.a.id}&key=${key}`, { token: f.a.admin.token })).body;

const CASES = [
  ["openai", "OpenAI", "OPENAI_API_KEY", {}, "/v1/models"],
  ["anthropic", "Anthropic", "ANTHROPIC_API_KEY", {}, "/v1/models"],
  ["google", "Google", "GOOGLE_API_KEY", {}, "/v1beta/models"],
  ["xai", "xAI", "XAI_API_KEY", {}, "/v1/models"],
  ["azure_openai", "Azure OpenAI", "API_KEY", { RESOURCE_NAME: "my-resource" }, "/openai/models"],
] as const;

describe("provider keys are checked when saved", () => {
  it.each(CASES)(
    "%s: a key the provider accepts is saved, after one list-models call",
    async (key, _n, field, extra, path) => {
      pointAtFake();
      const res = await save(key, { ...extra, [field]: "sk-good-key" });
      expect(res.status, res.text).toBe(200);
      expect(res.body.warning).toBeUndefined();
      expect(res.body.connections[key]).toBe(true);
      expect(fake.requests.map((r) => r.path)).toEqual([path]);
    },
  );

  it.each(CASES)(
    "%s: a key the provider refuses is not saved; the form gets the provider's words",
    async (key, name, field, extra) => {
      pointAtFake();
      const g = (await createTenancyFixture(app)).a;
      const res = await call(app, "POST", `/api/updateConnections?orgId=${g.id}`, {
        token: g.admin.token,
        body: { action: "create", key, data: { ...extra, [field]: `sk-${FAKE_REJECTED_KEY}-key` } },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(new RegExp(`^${name} refused this API key \\(HTTP (401|400)\\): .+`));
      expect(res.body.details.fields[field]).toBe(res.body.error);
      expect(res.text).not.toContain(`sk-${FAKE_REJECTED_KEY}-key`);
      const map = (await call(app, "GET", `/api/getUser?orgId=${g.id}`, { token: g.admin.token })).body.organizations[0]
        .connections;
      expect(map[key]).toBeFalsy();
    },
  );

  it("a provider error (HTTP 503) saves the key with a warning", async () => {
    pointAtFake();
    const res = await save("openai", { OPENAI_API_KEY: `sk-${FAKE_UNAVAILABLE_KEY}` });
    expect(res.status).toBe(200);
    expect(res.body.connections.openai).toBe(true);
    expect(res.body.warning).toBe(
      "Saved, but OpenAI could not check the key (HTTP 503: The server is overloaded or not ready yet.). Chats with it will fail if the key is wrong.",
    );
  });

  it("an unreachable provider saves the key with a warning", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    process.env.ANTHROPIC_BASE_URL = `http://127.0.0.1:${port}/v1`;
    const res = await save("anthropic", { ANTHROPIC_API_KEY: "sk-ant-any" });
    expect(res.status).toBe(200);
    expect(res.body.connections.anthropic).toBe(true);
    expect(res.body.warning).toMatch(/^Saved, but Anthropic could not check the key \(the connection failed\)/);
  });

  it("a provider that does not answer in time: the check gives up and the key is saved", async () => {
    process.env.XAI_BASE_URL = `http://127.0.0.1:${silentPort}/v1`;
    const check = await checkProviderKey("xai", { XAI_API_KEY: "xai-any" }, 300);
    expect(check).toEqual({
      outcome: "unreachable",
      warning:
        "Saved, but xAI could not check the key (no answer within 300 ms). Chats with it will fail if the key is wrong.",
    });
  });

  it("an edit that keeps the stored key checks the stored key", async () => {
    pointAtFake();
    expect((await save("openai", { OPENAI_API_KEY: "sk-kept-key" })).status).toBe(200);
    fake.reset();
    expect((await save("openai", {}, "update")).status).toBe(200);
    expect(fake.requests[0]?.headers.authorization).toBe("Bearer sk-kept-key");
  });

  it("the OpenAI-compatible base URL is the admin's: its check goes through the outbound guard", async () => {
    const res = await save("openai_compatible", { BASE_URL: `${fake.url}/v1`, MODELS: "llama3.1" });
    expect(res.status).toBe(200);
    expect(res.body.warning).toMatch(/private, loopback or link-local addresses are not allowed/);
    expect(fake.requests).toHaveLength(0);
    setOutboundAllowList(["127.0.0.1"]);
    const allowed = await save("openai_compatible", { BASE_URL: `${fake.url}/v1`, MODELS: "llama3.1", API_KEY: "k" });
    expect(allowed.body.warning).toBeUndefined();
    expect(fake.requests.map((r) => r.path)).toEqual(["/v1/models"]);
  });

  it("Vertex and Bedrock keys are saved without a check (no cheap unsigned call, decision 082)", async () => {
    const res = await save("aws_bedrock", {
      AWS_REGION: "us-east-1",
      AWS_ACCESS_KEY_ID: "AKIA-any",
      AWS_SECRET_ACCESS_KEY: "secret",
    });
    expect(res.status).toBe(200);
    expect(res.body.warning).toBeUndefined();
    expect((await described("aws_bedrock")).isConnected).toBe(true);
  });

  it("onboarding's keyed save is checked the same way", async () => {
    pointAtFake();
    const g = (await createTenancyFixture(app)).a;
    const res = await call(app, "POST", `/api/updateConnections?orgId=${g.id}`, {
      token: g.admin.token,
      body: { openai: { OPENAI_API_KEY: `sk-${FAKE_REJECTED_KEY}` } },
    });
    expect(res.status).toBe(400);
    expect(res.body.details.fields.OPENAI_API_KEY).toMatch(
      /^OpenAI refused this API key \(HTTP 401\): Incorrect API key/,
    );
  });
});
