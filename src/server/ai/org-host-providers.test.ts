// Providers whose host an org admin decides — Azure's resource name, Bedrock's region, Vertex's
// location — send their calls through the outbound guard (security #7), so an IPv6 spelling of
// loopback (security #6) or a private gateway is refused unless the operator opens it; and a field
// stored before it was validated is refused at use.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { generateText } from "ai";
import { JWT } from "google-auth-library";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getTestContext, type TestContext } from "../test/context";
import { call } from "../test/http";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";
import { saveCredentials } from "../providers/connection-store";
import { FORBIDDEN_ADDRESS_MESSAGE, setOutboundAllowList } from "../net/outbound-guard";
import { resolveModel } from "./models";

const SERVICE_ACCOUNT_KEY = JSON.stringify({
  type: "service_account",
  project_id: "p",
  client_email: "sa@p.iam.gserviceaccount.com",
  private_key: "unused: the token is stubbed",
});

// [provider key, model key, credentials, base-URL variable]
const PROVIDERS: Array<[string, string, Record<string, string>, string]> = [
  ["azure_openai", "azure:gpt-4o", { RESOURCE_NAME: "acme", API_KEY: "azure-key" }, "AZURE_OPENAI_BASE_URL"],
  [
    "aws_bedrock",
    "aws_bedrock:anthropic.claude-3-haiku",
    { AWS_REGION: "us-east-1", AWS_ACCESS_KEY_ID: "AKIATEST", AWS_SECRET_ACCESS_KEY: "aws-secret" },
    "AWS_BEDROCK_BASE_URL",
  ],
  [
    "google_vertex",
    "google_vertex:gemini-2.5-flash",
    { GOOGLE_CLOUD_PROJECT_ID: "p", GOOGLE_CLOUD_LOCATION: "us-central1", GOOGLE_CLOUD_JSON_KEY: SERVICE_ACCOUNT_KEY },
    "GOOGLE_VERTEX_BASE_URL",
  ],
];

let ctx: TestContext;
let f: TenancyFixture;
let server: Server;
let port: number;
const hits: IncomingMessage[] = [];

beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
  for (const [key, , data] of PROVIDERS) {
    const res = await call(ctx.app, "POST", `/api/updateConnections?orgId=${f.a.id}`, {
      token: f.a.admin.token,
      body: { action: "create", key, data },
    });
    expect(res.status, res.text).toBe(200);
  }
  server = createServer((req, res) => {
    hits.push(req);
    req.resume();
    res.writeHead(500, { "content-type": "application/json" }).end('{"error":{"message":"stand-in"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  // Vertex mints a Google access token first; the stand-in has no Google, so the token is stubbed.
  vi.spyOn(JWT.prototype, "getAccessToken").mockResolvedValue({ token: "vertex-token", res: null } as never); // overloads: the promise form is the one used
});
afterAll(() => {
  vi.restoreAllMocks();
  server.closeAllConnections();
  server.close();
});
afterEach(() => {
  setOutboundAllowList([]);
  for (const [, , , env] of PROVIDERS) delete process.env[env];
  hits.length = 0;
});

const ask = async (modelKey: string) =>
  generateText({ model: (await resolveModel({ orgId: f.a.id, modelKey })).model, prompt: "hi", maxRetries: 0 });

describe("providers whose host the organisation decides", () => {
  it.each(PROVIDERS)(
    "security #6: %s refuses an endpoint at an IPv6 form of 127.0.0.1, even with 127.0.0.1 allowed",
    async (_key, modelKey, _data, env) => {
      setOutboundAllowList(["127.0.0.1"]);
      for (const host of ["[::ffff:0:127.0.0.1]", "[64:ff9b::7f00:1]", "[2002:7f00:1::]"]) {
        process.env[env] = `http://${host}:${port}`;
        await expect(ask(modelKey), host).rejects.toThrow(FORBIDDEN_ADDRESS_MESSAGE);
      }
      expect(hits).toHaveLength(0);
    },
  );

  it.each(PROVIDERS)(
    "security #7: %s goes through the outbound guard: loopback refused by default, reached once allowed",
    async (_key, modelKey, _data, env) => {
      process.env[env] = `http://127.0.0.1:${port}`;
      await expect(ask(modelKey)).rejects.toThrow(FORBIDDEN_ADDRESS_MESSAGE);
      expect(hits).toHaveLength(0);
      setOutboundAllowList(["127.0.0.1"]);
      await expect(ask(modelKey)).rejects.toThrow();
      expect(hits).toHaveLength(1);
      // The provider's own credentials reached the allowed stand-in: the real provider package ran.
      expect(JSON.stringify(hits[0]!.headers)).toMatch(/azure-key|Credential=AKIATEST|Bearer vertex-token/);
    },
  );

  it("security #7: a Bedrock region or Azure resource name stored before validation is refused at use, before any request", async () => {
    await saveCredentials({
      orgId: f.b.id,
      key: "aws_bedrock",
      data: { AWS_REGION: "x.127.0.0.1.nip.io:3532/#", AWS_ACCESS_KEY_ID: "a", AWS_SECRET_ACCESS_KEY: "s" },
    });
    await expect(resolveModel({ orgId: f.b.id, modelKey: "aws_bedrock:anthropic.claude-3-haiku" })).rejects.toThrow(
      "Region must be an AWS region code such as us-east-1",
    );
    await saveCredentials({
      orgId: f.b.id,
      key: "azure_openai",
      data: { RESOURCE_NAME: "127.0.0.1.nip.io:80/#", API_KEY: "k" },
    });
    await expect(resolveModel({ orgId: f.b.id, modelKey: "azure:gpt-4o" })).rejects.toThrow(
      "Resource name may contain only letters, digits and hyphens",
    );
    await saveCredentials({
      orgId: f.b.id,
      key: "google_vertex",
      data: {
        GOOGLE_CLOUD_PROJECT_ID: "p",
        GOOGLE_CLOUD_LOCATION: "us-central1",
        GOOGLE_CLOUD_JSON_KEY: JSON.stringify({
          type: "external_account",
          credential_source: { url: "http://169.254.169.254/" },
        }),
      },
    });
    await expect(resolveModel({ orgId: f.b.id, modelKey: "google_vertex:gemini-2.5-flash" })).rejects.toThrow(
      'JSON key must be a service account key (type "service_account")',
    );
  });
});
