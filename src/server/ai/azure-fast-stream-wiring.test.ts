// An Azure chat model as resolveModel makes it (outbound guard, the fast path: decision 121) gives the
// parts @ai-sdk/azure gives alone for the same Azure stream.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAzure } from "@ai-sdk/azure";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { getTestContext, type TestContext } from "../test/context";
import { call } from "../test/http";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";
import { comparable, streamParts } from "../test/fast-stream-equivalence";
import { setOutboundAllowList } from "../net/outbound-guard";
import { resolveModel } from "./models";

const head = { created: 1764230000, id: "chatcmpl-Ag7", model: "gpt-4o-2024-11-20", object: "chat.completion.chunk" };
const data = (o: unknown) => `data: ${JSON.stringify(o)}\n\n`;
const text = (content: string) =>
  data({
    choices: [{ content_filter_results: {}, delta: { content }, finish_reason: null, index: 0, logprobs: null }],
    ...head,
    obfuscation: "Zk",
  });
const AZURE_STREAM = [
  data({
    choices: [],
    created: 0,
    id: "",
    model: "",
    object: "",
    prompt_filter_results: [{ prompt_index: 0, content_filter_results: {} }],
  }),
  data({
    choices: [
      {
        content_filter_results: {},
        delta: { content: "", refusal: null, role: "assistant" },
        finish_reason: null,
        index: 0,
        logprobs: null,
      },
    ],
    ...head,
  }),
  ...["Hel", "lo ", "from ", "Azure", "."].map(text),
  data({
    choices: [{ content_filter_results: {}, delta: {}, finish_reason: "stop", index: 0, logprobs: null }],
    ...head,
  }),
  data({ choices: [], ...head, usage: { completion_tokens: 5, prompt_tokens: 8, total_tokens: 13 } }),
  "data: [DONE]\n\n",
].join("");

let ctx: TestContext;
let f: TenancyFixture;
let server: Server;
let port: number;

beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
  const res = await call(ctx.app, "POST", `/api/updateConnections?orgId=${f.a.id}`, {
    token: f.a.admin.token,
    body: { action: "create", key: "azure_openai", data: { RESOURCE_NAME: "acme", API_KEY: "azure-key" } },
  });
  expect(res.status, res.text).toBe(200);
  server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { "content-type": "text/event-stream" });
    // Byte by byte, as a slow network would hand it over.
    const bytes = Buffer.from(AZURE_STREAM);
    let i = 0;
    const next = () =>
      i < bytes.length ? res.write(bytes.subarray(i, (i += 61)), () => setImmediate(next)) : res.end();
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
afterEach(() => {
  setOutboundAllowList([]);
  delete process.env.AZURE_OPENAI_BASE_URL;
});

it("an Azure model from resolveModel streams what @ai-sdk/azure gives alone", async () => {
  process.env.AZURE_OPENAI_BASE_URL = `http://127.0.0.1:${port}`;
  setOutboundAllowList(["127.0.0.1"]);
  const { model } = await resolveModel({ orgId: f.a.id, modelKey: "azure:gpt-4o" });
  const alone = createAzure({ baseURL: `http://127.0.0.1:${port}`, apiKey: "azure-key" }).chat("gpt-4o");
  const expected = comparable(await streamParts(alone));
  expect(JSON.stringify(expected)).toContain('"delta":"Azure"');
  expect(comparable(await streamParts(model))).toEqual(expected);
});
